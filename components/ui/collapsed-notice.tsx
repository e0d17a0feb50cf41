import { EyeOffIcon } from './icons/eye-off';
import styles from './collapsed-notice.module.css';

type CollapsedNoticeProps = {
  /** Why it is collapsed: "Spoiler: Lakers @ Celtics", "Muted word: “trade”". */
  label: string;
  /** What "show" reveals, for a screen reader: "take", "comment", "notification". */
  what: string;
  onShow(): void;
  busy?: boolean;
  /** The reveal failed: said under the line, and show can be tapped again. */
  failed?: boolean;
};

/**
 * A take, comment or notification the reader's own filters collapsed (docs/product.md#filters): its reason, then
 * "show". What it says was never sent to the browser; "show" reads it.
 */
export function CollapsedNotice({ label, what, onShow, busy = false, failed = false }: CollapsedNoticeProps) {
  return (
    <div className={styles.notice}>
      <p className={styles.line}>
        <EyeOffIcon size={16} className={styles.icon} />
        <span className={styles.label}>{label}</span>
        <span aria-hidden="true">—</span>
        <button type="button" className={`button button-link ${styles.show}`} onClick={onShow} disabled={busy} aria-busy={busy}>
          {busy ? 'Loading...' : 'show'}
          <span className="visually-hidden"> {what}</span>
        </button>
      </p>
      {failed && (
        <p className={styles.error} role="alert">
          Could not load it. Try again.
        </p>
      )}
    </div>
  );
}
