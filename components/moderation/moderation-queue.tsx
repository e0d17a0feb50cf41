'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { FocusImage } from '@/components/entity/focus-image';
import { Avatar } from '@/components/ui/avatar';
import { ShieldIcon } from '@/components/ui/icons/shield';
import { PageHero } from '@/components/ui/page-hero';
import { TimeAgo } from '@/components/ui/time-ago';
import { getModerationQueue } from '@/lib/client/moderation';
import { VERDICT_LABELS } from '@/lib/receipts/receipts';
import type { CommentQueueItem, FollowerSwayedCall, LogEntry, QueueItem } from '@/lib/validation/moderation';
import { ConfirmDeleteModal as ConfirmDelete } from '@/components/modals/confirm-dialog';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { useModerate, type ModeratorAction } from './use-moderate';
import styles from './moderation.module.css';
import { Button } from '@/components/ui/button';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

type ConfirmProps = { open: boolean; onClose(): void; onConfirm(): Promise<void> };

type ReviewProps = {
  id: string;
  subject: 'takes' | 'comments';
  item: Pick<QueueItem, 'hidden' | 'reportCount' | 'oldestReportAt' | 'reports'>;
  headingId: string;
  reportsLabel: string;
  /** What was reported: its heading (with `headingId`), byline and text. */
  children: React.ReactNode;
  confirmDelete(props: ConfirmProps): React.ReactNode;
  onDone(): void;
};

/** A reported take or comment: its state, what its reporters said, and the four decisions (Delete confirms first). */
function Review({ id, subject, item, headingId, reportsLabel, children, confirmDelete, onDone }: ReviewProps) {
  const moderate = useModerate();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const hidden = item.hidden !== null;

  const act = async (action: ModeratorAction) => {
    setBusy(true);
    const done = await moderate(id, action, subject);
    setBusy(false);
    if (done) onDone();
  };

  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <div className={styles.itemTop}>
        <span className={hidden ? `${styles.state} ${styles.stateHidden}` : styles.state}>
          {item.hidden?.reason === 'reports' ? 'Hidden automatically' : hidden ? 'Hidden' : 'Visible'}
        </span>
        <span className={styles.count}>
          {plural(item.reportCount, 'report')} · oldest <TimeAgo date={item.oldestReportAt} />
        </span>
      </div>
      {children}
      <Reports label={reportsLabel} reports={item.reports} />
      <div className={styles.itemActions}>
        <Button type="button" variant="primary" onClick={() => void act('dismiss')} disabled={busy}>
          {item.hidden?.reason === 'reports' ? 'Restore' : 'Dismiss'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => void act('hide')} disabled={busy || item.hidden?.reason === 'moderators'}>
          {hidden ? 'Keep hidden' : 'Hide'}
        </Button>
        <button type="button" className={`button button-secondary ${styles.delete}`} onClick={() => setConfirming(true)} disabled={busy}>
          Delete
        </button>
      </div>
      {confirmDelete({
        open: confirming,
        onClose: () => setConfirming(false),
        onConfirm: async () => {
          await act('delete');
          setConfirming(false);
        },
      })}
    </li>
  );
}

function Item({ item, onDone }: { item: QueueItem; onDone(): void }) {
  const { take } = item;
  const headingId = `queue-${take._id}`;
  return (
    <Review
      id={take._id}
      subject="takes"
      item={item}
      headingId={headingId}
      reportsLabel={`Reports on ${take.title}`}
      confirmDelete={(props) => <ConfirmDeleteModal {...props} title={take.title} />}
      onDone={onDone}
    >
      <div className={styles.subject}>
        <FocusImage focus={take.entity} matchup={take.matchup} alt="" size={40} />
        <div className={styles.subjectText}>
          <h3 id={headingId} className={styles.takeTitle}>
            <Link href={`/takes/${take._id}`}>{take.title}</Link>
          </h3>
          <p className={styles.byline}>
            {take.entity.name} · by{' '}
            <Link href={`/profile/${take.createdBy._id}`} className={styles.author}>
              {take.createdBy.username}
            </Link>{' '}
            · <TimeAgo date={take.createdAt} />
          </p>
        </div>
      </div>
      <p className={styles.description}>{take.description}</p>
    </Review>
  );
}

function Reports({ label, reports }: { label: string; reports: QueueItem['reports'] }) {
  return (
    <ul className={styles.reports} aria-label={label}>
      {reports.map((report) => (
        <li key={report._id} className={styles.report}>
          <Avatar url={report.reporter.profilePictureUrl} size={28} />
          <div className={styles.reportBody}>
            <p className={styles.reportMeta}>
              <strong>{report.reporter.username}</strong> · <TimeAgo date={report.createdAt} />
            </p>
            <p className={styles.reason}>{report.reason}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A reported comment or reply, with what its reporters said and the same four decisions as a take. */
function ReportedComment({ item, onDone }: { item: CommentQueueItem; onDone(): void }) {
  const { comment } = item;
  const noun = comment.reply ? 'Reply' : 'Comment';
  const headingId = `queue-comment-${comment._id}`;
  return (
    <Review
      id={comment._id}
      subject="comments"
      item={item}
      headingId={headingId}
      reportsLabel={`Reports on the ${noun.toLowerCase()} by ${comment.user.username}`}
      confirmDelete={(props) => (
        <ConfirmDelete {...props} title={`Delete ${noun}`}>
          Delete this {noun.toLowerCase()} for everyone? Its reactions and reports go with it, and this can&apos;t be undone.
        </ConfirmDelete>
      )}
      onDone={onDone}
    >
      <h3 id={headingId} className={styles.takeTitle}>
        {noun} by {comment.user.username}
      </h3>
      <p className={styles.byline}>
        on {item.take ? <Link href={`/takes/${item.take._id}`}>{item.take.title}</Link> : 'a hidden take'} ·{' '}
        <TimeAgo date={comment.createdAt} />
      </p>
      <p className={styles.description}>{comment.text}</p>
    </Review>
  );
}

const DID: Record<LogEntry['action'], string> = {
  dismiss: 'dismissed the reports on',
  hide: 'hid',
  restore: 'restored',
  delete: 'deleted',
  'auto-hide': 'hid',
};

function LogLine({ entry }: { entry: LogEntry }) {
  const quoted = entry.action === 'delete' ? <q>{entry.title}</q> : <Link href={`/takes/${entry.takeId}`}>{entry.title}</Link>;
  const title = entry.commentId ? (
    <>
      a comment <q>{entry.title}</q>
    </>
  ) : (
    quoted
  );
  return (
    <li className={styles.logLine}>
      <span className={`${styles.logAction} ${styles[`log-${entry.action}`] ?? ''}`}>{entry.action}</span>
      <span className={styles.logText}>
        {entry.by ? <strong>{entry.by.username}</strong> : 'Automatically'} {DID[entry.action]} {title}
        {entry.reports > 0 && <span className={styles.logReports}> · {plural(entry.reports, 'report')}</span>}
      </span>
      <TimeAgo date={entry.createdAt} className={styles.logTime} />
    </li>
  );
}

/** A Callers verdict most of whose counted voters follow the author: the take, the split and how many follow. */
function FollowerSwayedCallLine({ call: v }: { call: FollowerSwayedCall }) {
  return (
    <li className={styles.logLine}>
      <span className={styles.logAction}>{VERDICT_LABELS[v.verdict]}</span>
      <span className={styles.logText}>
        <Link href={`/takes/${v.takeId}`}>{v.title}</Link> by <strong>{v.author.username}</strong>
        <span className={styles.logReports}>
          {' '}
          · {v.followerVotes.toLocaleString('en-US')} of {plural(v.votes, 'counted vote')} from fans who follow the author
        </span>
      </span>
      <TimeAgo date={v.scoredAt} className={styles.logTime} />
    </li>
  );
}

type QueueSectionProps<T> = {
  id: string;
  title: string;
  empty: string;
  items: T[];
  /** An ordered list (the queue's order means oldest first) or a plain one. */
  ordered?: boolean;
  listClassName?: string;
  className?: string;
  render(item: T): React.ReactNode;
};

/** A part of the queue under its heading; `empty` stands in for its list when it has nothing. */
function QueueSection<T>({ id, title, empty, items, ordered = false, listClassName, className, render }: QueueSectionProps<T>) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {items.length === 0 ? <p className={styles.empty}>{empty}</p> : <List className={listClassName}>{items.map(render)}</List>}
    </section>
  );
}

/**
 * The moderation queue (moderators only): reported takes grouped, oldest open
 * report first, with what each reporter said, and the latest actions with who
 * took them and when. `children` follow it on the page (an administrator's
 * moderators).
 */
export function ModerationQueue({ children, leagueConsole = false }: { children?: React.ReactNode; leagueConsole?: boolean }) {
  const { data: queue, failed, load } = useSignedInAnswer(getModerationQueue, 'Could not load the moderation queue');

  return (
    <main className="page">
      <PageHero
        icon={<ShieldIcon size={28} />}
        title="Moderation queue"
        lead={
          queue
            ? `${plural(queue.openTakes, 'take')} and ${plural(queue.openComments, 'comment')} with open reports. Oldest first.`
            : 'Reported takes and comments, oldest first.'
        }
      />
      {/* The league console is the administrators' (docs/league-data.md#the-console). */}
      {leagueConsole && (
        <p className={styles.console}>
          <Link href="/moderation/league">League console</Link>: players, teams, topics and games.
        </p>
      )}
      {failed && (
        <div className={styles.failed} role="alert">
          <p>Could not load the queue.</p>
          <Button type="button" variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      )}
      {!queue && !failed && <p className={styles.status}>Loading...</p>}
      {queue && (
        <>
          <QueueSection
            id="queue-open"
            title="Reported takes"
            empty="Nothing to review. Every report has been handled."
            items={queue.items}
            ordered
            listClassName={styles.items}
            render={(item) => <Item key={item.take._id} item={item} onDone={() => void load()} />}
          />
          <QueueSection
            id="queue-comments"
            className={styles.logSection}
            title="Reported comments"
            empty="No reported comments."
            items={queue.comments}
            ordered
            listClassName={styles.items}
            render={(item) => <ReportedComment key={item.comment._id} item={item} onDone={() => void load()} />}
          />
          <QueueSection
            id="queue-followed"
            className={styles.logSection}
            title="Callers verdicts decided by followers"
            empty="No verdict where most voters follow the author."
            items={queue.followerSwayedCalls}
            listClassName={styles.log}
            render={(call) => <FollowerSwayedCallLine key={call.takeId} call={call} />}
          />
          <QueueSection
            id="queue-log"
            className={styles.logSection}
            title="Recent actions"
            empty="No actions yet."
            items={queue.recent}
            listClassName={styles.log}
            render={(entry) => <LogLine key={entry._id} entry={entry} />}
          />
        </>
      )}
      {children}
    </main>
  );
}
