import Link from 'next/link';
import { REASON_LABELS, RESULT_LABELS, SHIELDED_RESULT_TEXT } from '@/lib/calls/calls';
import type { SettledTonight as Settled } from '@/lib/validation/calls';
import { TeamFlair } from '@/components/entity/team-flair';
import styles from './settled-tonight.module.css';

/**
 * A game's Settled tonight (docs/product.md#game-day), under its scoreboard once its calls settle: each call, hits
 * first, with who made it and the crowd's odds at tip-off it beat (or did not). While the reader's spoiler shield
 * covers the game, only that there are results, until Watched. Server-rendered: nothing on it changes in place.
 */
export function SettledTonight({ settled }: { settled: Settled }) {
  if (!settled.shielded && settled.calls.length === 0) return null;
  return (
    <section id="settled-tonight" aria-labelledby="settled-tonight-title" className={styles.section}>
      <h2 id="settled-tonight-title" className={styles.title}>
        Settled tonight
      </h2>
      {settled.shielded ? (
        <p className={styles.shielded}>Calls on this game are {SHIELDED_RESULT_TEXT}.</p>
      ) : (
        <ol className={styles.list}>
          {settled.calls.map((c) => (
            <li key={c.takeId} className={styles.row} data-result={c.result}>
              <span className={styles.result}>{RESULT_LABELS[c.result]}</span>
              <Link href={`/takes/${c.takeId}`} className={styles.call} prefetch={false}>
                {c.text}
              </Link>
              <span className={styles.meta}>
                <span>
                  {c.author._id ? (
                    <Link href={`/profile/${c.author._id}`} prefetch={false}>
                      {c.author.username}
                    </Link>
                  ) : (
                    c.author.username
                  )}{' '}
                  <TeamFlair flair={c.author.flair} size={16} />
                </span>
                {c.result === 'void' ? (
                  <span>{REASON_LABELS[c.reason]}</span>
                ) : (
                  c.crowd !== null && (
                    <span title="The crowd's odds at tip-off, from the fans' reactions before it">crowd {Math.round(c.crowd * 100)}%</span>
                  )
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
