import { useId } from 'react';
import styles from './league.module.css';

type FieldProps = {
  label: string;
  /** A hint under the control, tied to it for screen readers. */
  hint?: string;
  children: (props: { id: string; 'aria-describedby'?: string; className: string | undefined }) => React.ReactNode;
};

/** A labelled control of the console's forms. */
export function Field({ label, hint, children }: FieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, className: styles.input, ...(hint ? { 'aria-describedby': `${id}-hint` } : {}) })}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The server's message for a refused change, announced as it appears. */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}
