import { markOf, type Marks } from '@/lib/reactions/marks';
import { isWholeTake } from '@/lib/filters/listed';
import type { ListedTake } from '@/lib/validation/takes';
import { CollapsedTakeCard } from './collapsed-take-card';
import { TakeCard } from './take-card';
import { NoTakes, TakeListFrame } from './take-list-frame';

type TakeItemsProps = { takes: ListedTake[]; marks?: Marks | null };

/**
 * The cards of a list as its items, so a client list can put cards it loaded beside the ones the server rendered;
 * a take the reader's filters collapse is its short line.
 */
export function TakeItems({ takes, marks }: TakeItemsProps) {
  return takes.map((take) => (
    <li key={take._id}>
      {isWholeTake(take) ? <TakeCard take={take} mark={markOf(marks, take._id)} /> : <CollapsedTakeCard take={take} />}
    </li>
  ));
}

/**
 * A list of take cards with the reader's marks, or `emptyText` when there are
 * none. No hooks and no server-only imports, so server pages and client islands
 * can both render it.
 */
export function TakeList({ takes, marks, emptyText }: TakeItemsProps & { emptyText: string }) {
  if (takes.length === 0) return <NoTakes text={emptyText} />;
  return (
    <TakeListFrame>
      <TakeItems takes={takes} marks={marks} />
    </TakeListFrame>
  );
}
