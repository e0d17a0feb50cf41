import {
  CALLER_MIN_DAYS,
  CALLER_MIN_SCORED,
  CALLER_PRIOR_RECEIPTS,
  CALLER_SETTLED_AT,
  CALLER_VOTER_MIN_AGE_MS,
  CALLER_VOTES_PER_AUTHOR,
  CHECK_BACK_TAKES_PER_DAY,
  RECEIPT_MIN_VOTES,
} from '@/lib/constants';
import styles from './callers.module.css';

const days = (ms: number) => Math.round(ms / (24 * 60 * 60 * 1000));

/** The board's rules in plain words (lib/callers.ts and the scheduled job's scoring are what they describe). */
export function HowCallersAreRanked() {
  return (
    <section className={styles.rules} aria-labelledby="how-ranked">
      <h2 id="how-ranked">How callers are ranked</h2>

      <h3>Every call is scored against the crowd</h3>
      <p>
        When a take&apos;s check-back date comes, fans vote on whether it aged well or aged poorly. Once at least {RECEIPT_MIN_VOTES} votes
        count and one side clearly leads, the take has a verdict; otherwise it is close and scores nothing.
      </p>
      <p>
        What it is worth depends on what everyone thought of it two days after it was posted. Calling what everybody already believed earns
        a little; calling what most fans disliked, and being right, earns a lot. A take that aged poorly always costs one point. A fan who
        only ever agrees with the crowd ends up around zero.
      </p>

      <h3>Two lucky calls cannot top the board</h3>
      <p>
        A rating is your points divided by your scored calls plus {CALLER_PRIOR_RECEIPTS}, as if everyone started with{' '}
        {CALLER_PRIOR_RECEIPTS} calls that earned nothing. That pulls a short record toward zero, which means &quot;no better than the
        crowd&quot;; only a long run of good calls climbs far.
      </p>
      <p>
        Next to the rating you see the record (aged well – aged poorly – close) and the share of calls that aged well, counted cautiously:
        the lowest rate the record still supports once luck is allowed for.
      </p>

      <h3>Getting on the board</h3>
      <p>
        You are ranked once you have {CALLER_MIN_SCORED} scored calls due on at least {CALLER_MIN_DAYS} different days, so one lucky night
        is not enough. Until you have {CALLER_SETTLED_AT}, your rank is marked Provisional. The season board counts calls by their
        check-back date (seasons run from July to June); the all-time board counts them all.
      </p>

      <h3>What keeps it honest</h3>
      <ul>
        <li>
          A verdict vote counts only from an account that existed before the take was posted, was at least {days(CALLER_VOTER_MIN_AGE_MS)}{' '}
          days old on the check-back date, and had posted, commented or reacted before that date. Your own votes on your takes never count.
        </li>
        <li>
          At most {CALLER_VOTES_PER_AUTHOR.max} of one fan&apos;s votes on the same author&apos;s takes count in any{' '}
          {days(CALLER_VOTES_PER_AUTHOR.windowMs)} days, so a friend (or a second account) cannot carry you.
        </li>
        <li>Votes on your takes from a fan you blocked do not count.</li>
        <li>Deleting a take with a check-back date after its first two days scores it as aged poorly: a bad call cannot be taken back.</li>
        <li>Each fan can post at most {CHECK_BACK_TAKES_PER_DAY} new takes with a check-back date a day.</li>
        <li>Moderators review verdicts where most of the voters follow the author.</li>
      </ul>
    </section>
  );
}
