import styles from './take-card.module.css';

/** The one list named Takes a page's cards live in, however its items were rendered (on the server, or loaded since). */
export function TakeListFrame({ children }: { children: React.ReactNode }) {
  return (
    <ul className={styles.list} aria-label="Takes">
      {children}
    </ul>
  );
}

export function NoTakes({ text }: { text: string }) {
  return <p className={styles.empty}>{text}</p>;
}
