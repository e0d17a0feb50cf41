import styles from './auth.module.css';

type AuthFieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** Under the input: a hint, or the field's own message. */
  children?: React.ReactNode;
};

/** A labelled input of the sign-in, sign-up and username forms. */
export function AuthField({ id, label, children, ...input }: AuthFieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={styles.input} {...input} />
      {children}
    </div>
  );
}
