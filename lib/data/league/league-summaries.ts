import 'server-only';
import { formatLeagueDay, openStint, toStints, type StintLike } from '@/lib/league/league';
import type { PlannedChange } from './league-batches';
import type { GameFields, LineFields, PlayerFields, TeamFields, TopicFields } from './league-subjects';

/**
 * A league change in words, for the console's log and an import's report: "Atlanta Hawks → Washington Wizards from
 * Feb 5, 2026". `teamName` names a team id as the league calls it now.
 */
type Change = Pick<PlannedChange, 'subject' | 'action'> & { before: unknown; after: unknown };
type Namer = (id: number) => string;

const TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

const fieldDiffs = (before: Record<string, unknown>, after: Record<string, unknown>, labels: Record<string, string>) =>
  Object.entries(labels)
    .filter(([field]) => before[field] !== after[field])
    .map(([field, label]) => `${label} ${String(before[field] || '—')} → ${String(after[field] || '—')}`)
    .join(', ');

function playerSummary({ action, before: b, after: a }: Change, teamName: Namer): string {
  const after = a as PlayerFields & { stints: StintLike[] };
  const before = b as (PlayerFields & { stints: StintLike[] }) | null;
  const joined = openStint(toStints(after.stints));
  const day = (date: Date | null | undefined) => (date ? ` from ${formatLeagueDay(date)}` : '');
  const left = () => toStints(after.stints).findLast((s) => s.to !== null);
  switch (action) {
    case 'add':
      return after.teamId === null ? `Added, ${after.status}` : `Added on ${teamName(after.teamId)}${day(joined?.from)}`;
    case 'trade':
      return `${teamName(before!.teamId!)} → ${teamName(after.teamId!)}${day(joined?.from)}`;
    case 'sign':
      return `Signed with ${teamName(after.teamId!)}${day(joined?.from)}`;
    case 'retire':
    case 'waive':
    case 'release': {
      const what = action === 'retire' ? 'Retired' : action === 'waive' ? 'Waived' : 'Unsigned';
      const to = left()?.to;
      return before?.teamId ? `${what}, left ${teamName(before.teamId)}${to ? ` on ${formatLeagueDay(to)}` : ''}` : what;
    }
    case 'status':
      return `Now ${after.status}`;
    default:
      return fieldDiffs(before ?? {}, after, { name: 'Name', position: 'Position', jersey: 'Jersey' });
  }
}

function teamSummary({ action, before: b, after: a }: Change): string {
  const after = a as TeamFields;
  const before = b as TeamFields | null;
  if (!before) return `Added: ${after.name} (${after.abbreviation}), ${after.conference}`;
  const rename =
    action === 'rename'
      ? `${before.name} → ${after.name}${before.abbreviation !== after.abbreviation ? ` (${before.abbreviation} → ${after.abbreviation})` : ''}`
      : '';
  const edits = fieldDiffs(before, after, { conference: 'Conference', primaryColor: 'Colour', secondaryColor: 'Second colour' });
  return [rename, edits].filter(Boolean).join('; ');
}

function topicSummary({ action, before: b, after: a }: Change): string {
  const after = a as TopicFields;
  const before = b as TopicFields | null;
  if (action === 'add') return `Added${after.open ? '' : ', closed'}`;
  if (action === 'close') return 'Closed to new takes';
  if (action === 'open') return 'Opened to new takes';
  return fieldDiffs(before ?? {}, after, { name: 'Name', description: 'Description' });
}

function gameSummary({ action, before: b, after: a }: Change, teamName: Namer): string {
  const after = a as GameFields;
  const before = b as GameFields | null;
  const matchup = (g: GameFields) => `${teamName(g.away)} at ${teamName(g.home)}`;
  const when = (g: GameFields) => TIME.format(new Date(g.tipoff));
  const score = (g: GameFields) => `${teamName(g.away)} ${g.awayScore ?? '–'}, ${teamName(g.home)} ${g.homeScore ?? '–'}`;
  if (action === 'add')
    return `${matchup(after)}, ${when(after)}${after.status === 'scheduled' ? '' : ` (${after.status}: ${score(after)})`}`;
  if (action === 'move') return `${matchup(before!)}, ${when(before!)} → ${matchup(after)}, ${when(after)}`;
  if (action === 'score')
    return after.status === 'final'
      ? `Final: ${score(after)}`
      : `${after.status[0]!.toUpperCase()}${after.status.slice(1)}: ${score(after)}`;
  return fieldDiffs(before ?? {}, after, { season: 'Season' });
}

/** "34:12, 31 pts, 8 reb, 5 ast, 4 threes", or "did not play". */
export function lineText(line: Pick<LineFields, 'minutes' | 'points' | 'rebounds' | 'assists' | 'threes'>): string {
  if (line.minutes <= 0) return 'did not play';
  const whole = Math.floor(line.minutes);
  const seconds = Math.round((line.minutes - whole) * 60);
  return `${whole}:${String(seconds).padStart(2, '0')}, ${line.points} pts, ${line.rebounds} reb, ${line.assists} ast, ${line.threes} threes`;
}

function lineSummary({ before: b, after: a }: Change, teamName: Namer): string {
  const after = a as LineFields;
  const before = b as LineFields | null;
  return `${teamName(after.team)}: ${before ? `${lineText(before)} → ` : ''}${lineText(after)}`;
}

export function summarize(change: Change, teamName: Namer): string {
  if (change.subject === 'line') return lineSummary(change, teamName);
  if (change.subject === 'player') return playerSummary(change, teamName);
  if (change.subject === 'team') return teamSummary(change);
  if (change.subject === 'topic') return topicSummary(change);
  return gameSummary(change, teamName);
}

/** How a change counts in an import's report: "players moved", "games scored"… */
export function countKey({ subject, action }: Pick<PlannedChange, 'subject' | 'action'>): string {
  const group: Record<string, string> = {
    add: 'added',
    trade: 'moved',
    sign: 'moved',
    release: 'gone',
    waive: 'gone',
    retire: 'retired',
    rename: 'renamed',
    open: 'opened',
    close: 'closed',
    move: 'moved',
    score: 'scored',
    correct: 'corrected',
  };
  return `${subject === 'topic' ? 'topics' : `${subject}s`} ${group[action] ?? 'edited'}`;
}
