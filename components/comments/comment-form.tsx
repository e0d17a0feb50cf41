'use client';

import { useId, useState, type FormEvent } from 'react';
import styles from './comments.module.css';

type CommentFormProps = {
  /** The visible label of the text box ("Add a comment", "Reply to @jo"). */
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Resolves true when the text was saved; the box then empties, otherwise it keeps the text to retry. */
  onSubmit(text: string): Promise<boolean>;
  /** Why the last attempt failed, when the person should know. */
  error?: string | null;
  onCancel?(): void;
  autoFocus?: boolean;
};

/** A comment or reply box: the text is trimmed and an empty one is never sent (docs/product.md#validation). */
export function CommentForm({ label, placeholder, submitLabel, onSubmit, error, onCancel, autoFocus }: CommentFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || pending) return;
    setPending(true);
    const saved = await onSubmit(trimmed);
    setPending(false);
    if (saved) setText('');
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={id} className={styles.formLabel}>
        {label}
      </label>
      <div className={styles.formRow}>
        <textarea
          id={id}
          className={styles.input}
          rows={1}
          placeholder={placeholder}
          value={text}
          autoFocus={autoFocus}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, as in a chat; Shift+Enter keeps a line break.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
            if (e.key === 'Escape' && onCancel) onCancel();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className={`button button-primary ${styles.send}`} disabled={!text.trim() || pending}>
          {submitLabel}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
