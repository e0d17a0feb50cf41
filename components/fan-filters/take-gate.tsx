import Link from 'next/link';
import { EyeOffIcon } from '@/components/ui/icons/eye-off';
import type { Collapsed } from '@/lib/validation/filters';
import { WatchedButton } from './watched-button-lazy';
import styles from './fan-filters.module.css';

/**
 * A take opened on its own (its page, its poster) that the reader's filters cover: it asks first
 * (docs/product.md#filters). Nothing of the take is in the page; "Show take" reads it again with `?reveal=1`, and
 * for a spoiler, Watched lifts the game's shield everywhere.
 */
export function TakeGate({ collapsed, showHref }: { collapsed: Collapsed; showHref: string }) {
  const spoiler = collapsed.reason === 'spoiler';
  return (
    <section className={styles.gate} aria-labelledby="take-gate-title">
      <EyeOffIcon size={32} className={styles.gateIcon} />
      <h1 id="take-gate-title" className={styles.gateTitle}>
        {collapsed.label}
      </h1>
      <p className={styles.gateText}>
        {spoiler
          ? 'This take is about a game you are watching later, and could give away how it went.'
          : 'This take matches something you muted.'}
      </p>
      <div className={styles.gateActions}>
        <Link href={showHref} className="button button-primary" prefetch={false}>
          Show take
        </Link>
        {spoiler && collapsed.game !== null && <WatchedButton game={collapsed.game} />}
      </div>
      <p className={styles.gateHint}>
        <Link href="/account#filters-title" prefetch={false}>
          Your mutes and spoiler shield
        </Link>
      </p>
    </section>
  );
}
