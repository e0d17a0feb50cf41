import styles from './list-footer.module.css';
import { Button } from './button';

type ListFooterProps = {
  /** Why the last page did not load, said as an alert; null when it did. */
  error: string | null;
  /** The list's next step ("Load More", "Try again"); each list decides when it has one and what it is called. */
  action?: { label: string; busy: boolean; onClick(): void };
};

/** Under a paged list: what went wrong with the last page, then the button that reads the next one. */
export function ListFooter({ error, action }: ListFooterProps) {
  return (
    <div className={styles.footer}>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {action && (
        <Button type="button" variant="secondary" onClick={action.onClick} disabled={action.busy}>
          {action.busy ? 'Loading...' : action.label}
        </Button>
      )}
    </div>
  );
}
