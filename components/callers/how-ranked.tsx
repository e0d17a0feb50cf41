import {
  CALLER_CROWD_AFTER_MS,
  CALLER_IN_STEP,
  CALLER_MIN_DAYS,
  CALLER_MIN_SCORED,
  CALLER_PRIOR_RECEIPTS,
  CALLER_SETTLED_AT,
  CALLER_SIGNUP_LINK_MS,
  CALLER_TAKE_BACK_MS,
  CALLER_VOTER_MIN_AGE_MS,
  CALLER_VOTES_PER_AUTHOR,
  CHECK_BACK_TAKES_PER_DAY,
} from '@/lib/callers/constants';
import { CHECK_BACK_MIN_MS, RECEIPT_MIN_VOTES } from '@/lib/receipts/constants';
import styles from './callers.module.css';

const days = (ms: number) => Math.round(ms / (24 * 60 * 60 * 1000));
const minutes = (ms: number) => Math.round(ms / (60 * 1000));
const hours = (ms: number) => Math.round(ms / (60 * 60 * 1000));

/** The board's rules in plain words (lib/callers/callers.ts and the scheduled job's scoring are what they describe). */
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
        What it is worth depends on what the crowd thought of it in its first {days(CALLER_CROWD_AFTER_MS)} days: the likes and dislikes it
        got then. Calling what everybody already believed earns a little; calling what most fans disliked, and being right, earns a lot. A
        take that aged poorly always costs one point. A fan who only ever agrees with the crowd ends up around zero.
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

      <h3>Who counts</h3>
      <p>
        The crowd and the verdict count only fans with standing, one vote each, so a handful of new or borrowed accounts cannot buy a
        rating:
      </p>
      <ul>
        <li>
          A like or dislike counts in the crowd from an account at least {days(CALLER_VOTER_MIN_AGE_MS)} days old that had posted, commented
          or reacted before the take was posted. Your own reaction to your take never counts, nor does one changed after the first{' '}
          {days(CALLER_CROWD_AFTER_MS)} days.
        </li>
        <li>
          A verdict vote counts from an account that existed before the take was posted, was at least {days(CALLER_VOTER_MIN_AGE_MS)} days
          old on the check-back date, and had posted, commented or reacted before that date. Your own votes on your takes never count.
        </li>
        <li>
          Linked accounts count as one fan, in the crowd and in the verdict: accounts made from the same network within{' '}
          {days(CALLER_SIGNUP_LINK_MS)} days of each other, and accounts that act in step, reacting or voting on the same takes within{' '}
          {hours(CALLER_IN_STEP.windowMs) === 1 ? 'an hour' : `${hours(CALLER_IN_STEP.windowMs)} hours`} of each other, or reacting to and
          voting on the same calls, on at least {CALLER_IN_STEP.takes} takes that make up half of what one of them does. An account linked
          to you counts for nothing on your takes.
        </li>
        <li>
          At most {CALLER_VOTES_PER_AUTHOR.max} of one fan&apos;s votes on the same author&apos;s takes count in any{' '}
          {days(CALLER_VOTES_PER_AUTHOR.windowMs)} days, so a friend cannot carry you.
        </li>
        <li>Votes and reactions on your takes from a fan you blocked do not count.</li>
        <li>Moderators review verdicts where most of the voters follow the author.</li>
      </ul>

      <h3>A call is a call</h3>
      <ul>
        <li>
          A check-back date is at least {days(CHECK_BACK_MIN_MS)} days out, so a call looks past more than one night&apos;s games and voting
          never opens while its crowd is still forming.
        </li>
        <li>
          Deleting a take with a check-back date more than {minutes(CALLER_TAKE_BACK_MS)} minutes after posting it scores it as aged poorly:
          a call that is going badly cannot be taken back.
        </li>
        <li>Each fan can post at most {CHECK_BACK_TAKES_PER_DAY} new takes with a check-back date a day.</li>
      </ul>
    </section>
  );
}
