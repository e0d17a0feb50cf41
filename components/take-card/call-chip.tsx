import type { TakeCallDTO } from '@/lib/validation/calls';
import styles from './call-chip.module.css';

/**
 * A take's call (docs/product.md#calls) as its card and its page show it: what it says, what it is on, and how it
 * settled: open, a hit, a miss or a void (with why), "provisional" for its first 24 hours, or, while the reader's
 * spoiler shield covers its game, "settled — hidden until you watch". No hooks: a Server Component draws it, and a
 * list loaded in the browser draws the same; its words come with the take (`outcome`), so no rules of calls ship to
 * the browser with every card.
 */
export function CallChip({ call }: { call: TakeCallDTO }) {
  const state = call.result ?? 'open';
  return (
    <p className={styles.chip} data-result={state}>
      <span className={styles.kind}>Call</span>
      <span className={styles.text}>{call.text}</span>
      <span className={styles.context}>{call.context}</span>
      <span className={styles.outcome}>
        {call.outcome}
        {call.result !== null && call.result !== 'hidden' && !call.final && <span className={styles.provisional}> · provisional</span>}
      </span>
    </p>
  );
}
