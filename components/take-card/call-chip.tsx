import type { TakeCallDTO } from '@/lib/validation/calls';
import styles from './call-chip.module.css';

/**
 * A take's call (docs/product.md#calls) as its card and its page show it: what it says, what it is on, and how it
 * settled: open, a hit, a miss or a void (with why), "provisional" for its first 24 hours, or, while the reader's
 * spoiler shield covers its game, "settled — hidden until you watch". No hooks: a Server Component draws it, and a
 * list loaded in the browser draws the same; its words come with the take (`outcome`), so no rules of calls ship to
 * the browser with every card. One class, its parts styled by their elements: every card's first load carries it.
 */
export function CallChip({ call }: { call: TakeCallDTO }) {
  return (
    <p className={styles.chip} data-result={call.result ?? 'open'}>
      <span>Call</span>
      <strong>{call.text}</strong>
      <span>{call.context}</span>
      <em>
        {call.outcome}
        {call.result !== null && call.result !== 'hidden' && !call.final && <small> · provisional</small>}
      </em>
    </p>
  );
}
