import { useId } from 'react';
import { controlClass } from './input';
import styles from './field.module.css';

/** What the control of a field is given: its id, what describes it, the shared control style. */
export type FieldControl = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true; className: string };

type FieldProps = {
  label: React.ReactNode;
  /** At the label row's end: a counter, "Optional". */
  aside?: React.ReactNode;
  /** Under the control, tied to it for screen readers. */
  hint?: React.ReactNode;
  /** The field's own message, announced as it appears; the control is marked invalid meanwhile. */
  error?: string | null;
  /** The control's id, when something else names it; else one of its own. */
  id?: string;
  className?: string;
  children(control: FieldControl): React.ReactNode;
};

/**
 * A labelled control: the label, the control (an Input, TextArea, Select, or one a component draws, given the shared
 * style), then its hint or error, tied to it by aria-describedby.
 */
export function Field({ label, aside, hint, error, id: given, className, children }: FieldProps) {
  const own = useId();
  const id = given ?? own;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const labelTag = (
    <label htmlFor={id} className={styles.label}>
      {label}
    </label>
  );
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      {aside ? (
        <div className={styles.labelRow}>
          {labelTag}
          {aside}
        </div>
      ) : (
        labelTag
      )}
      {children({
        id,
        className: controlClass,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
