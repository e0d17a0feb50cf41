import type { Metadata } from 'next';
import { CallerList } from '@/components/callers/caller-list';
import { CallerRow } from '@/components/callers/caller-row';
import { boardTitle } from '@/lib/callers/caller-format';
import { HowCallersAreRanked } from '@/components/callers/how-ranked';
import { TeamFilter } from '@/components/callers/team-filter';
import { hrefWith } from '@/components/shared/filter-href';
import { queryOf, readParam, type SearchParams } from '@/components/shared/filter-query';
import { TrophyIcon } from '@/components/ui/icons/trophy';
import { now } from '@/lib/clock';
import { CALLER_MIN_DAYS, CALLER_MIN_SCORED } from '@/lib/callers/constants';
import { assertKnownTeam, boardOf, callersBoard } from '@/lib/data/callers/caller-boards';
import { listTeams } from '@/lib/data/discovery/entities';
import { pageMetadata } from '@/lib/site/seo';
import { callersQuery, type CallersBoard, type CallerStanding } from '@/lib/validation/callers';
import { getViewer } from '@/app/_lib/viewer';
import styles from '@/components/callers/callers.module.css';
import { PageHero } from '@/components/ui/page-hero';
import { SegmentedLinks } from '@/components/ui/segmented-links';
import pageStyles from './page.module.css';

type Props = { searchParams: Promise<SearchParams> };

/** The board a link asks for; a bad or unknown value falls back to its default, as on every filtered page. */
async function readBoard(params: SearchParams) {
  const board = readParam(callersQuery.shape.board, params, 'board');
  const season = board === 'season' ? readParam(callersQuery.shape.season, params, 'season') : undefined;
  const requested = readParam(callersQuery.shape.team, params, 'team');
  const team = await assertKnownTeam(requested).then(
    () => requested,
    () => undefined,
  );
  return { board, season, team };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = await readBoard(await searchParams);
  const board = boardOf(query, await now());
  const title = boardTitle(board);
  return pageMetadata({
    title,
    description: 'The NBA fans whose takes aged well, scored against the crowd: a board no alt account can buy.',
    path: '/callers',
    image: `/og/callers/${board}`,
    imageAlt: `${title} on Takes`,
  });
}

/** The reader's own line: their row, kept in view, once they are ranked; what is missing before that. */
function YourStanding({
  standing,
  user,
}: {
  standing: CallerStanding;
  user: { _id: string; username: string; profilePictureUrl: string | null; favoriteTeam: number | null };
}) {
  if (standing.rank !== null) {
    return (
      <ol className={styles.pinned} aria-label="Your rank">
        <CallerRow you entry={{ ...standing, rank: standing.rank, user }} />
      </ol>
    );
  }
  const days = standing.days === 1 ? '1 day' : `${standing.days} days`;
  return (
    <p className={styles.notice} data-testid="your-standing">
      You need {CALLER_MIN_SCORED} scored receipts on {CALLER_MIN_DAYS} different days to be ranked — you have {standing.scored} on {days}.
    </p>
  );
}

/** /callers: the season and all-time boards of the fans whose takes aged well. */
export default async function CallersPage({ searchParams }: Props) {
  const params = await searchParams;
  const query = await readBoard(params);
  const [viewer, at, teams] = await Promise.all([getViewer(), now(), listTeams().catch(() => [])]);
  const boardViewer = viewer ? { _id: viewer.user._id, favoriteTeam: viewer.user.favoriteTeam } : null;
  const result: CallersBoard | null = await callersBoard(query, boardViewer, at).catch((error: unknown) => {
    // As on the other lists (docs/product.md#messages): a failed board is logged and the page still renders.
    console.error('Callers: could not load the board', error);
    return null;
  });
  const board = boardOf(query, at);
  const current = queryOf({ board: query.board, season: query.season, team: query.team }, { board: 'season' });
  const tabHref = (to: 'season' | 'all') => hrefWith('/callers', current, { board: to === 'season' ? null : to, season: null });
  const keep: Record<string, string> = query.board === 'all' ? { board: 'all' } : query.season ? { season: query.season } : {};

  return (
    <main className="page">
      <PageHero
        icon={<TrophyIcon size={28} />}
        title="Callers"
        lead="The fans whose takes aged well, scored against what the crowd believed at the time."
      />

      <SegmentedLinks
        label="Boards"
        current={query.board}
        segments={[
          { id: 'season', label: 'This season', href: tabHref('season') },
          { id: 'all', label: 'All time', href: tabHref('all') },
        ]}
      />
      <TeamFilter teams={teams} team={query.team ?? null} keep={keep} />

      <section aria-labelledby="callers-board">
        <h2 id="callers-board" className={pageStyles.heading}>
          {boardTitle(board)}
        </h2>
        {viewer && result?.viewer && (
          <YourStanding
            standing={result.viewer}
            user={{
              _id: viewer.user._id,
              username: viewer.user.username,
              profilePictureUrl: viewer.user.profilePictureUrl,
              favoriteTeam: viewer.user.favoriteTeam,
            }}
          />
        )}
        {result === null ? (
          <p className={styles.empty} role="alert">
            Error loading the board.
          </p>
        ) : result.entries.length === 0 ? (
          <p className={styles.empty}>
            No one is ranked here yet. A fan joins the board with {CALLER_MIN_SCORED} scored receipts due on {CALLER_MIN_DAYS} different
            days.
          </p>
        ) : (
          // Keyed by the board shown, so the pages Load More added to another board or team do not stay on this one.
          <CallerList
            key={`${result.board}:${result.team}`}
            board={query.board}
            season={query.season}
            team={query.team ?? null}
            initialCursor={result.nextCursor}
          >
            {result.entries.map((entry) => (
              <CallerRow key={entry.user._id} entry={entry} />
            ))}
          </CallerList>
        )}
      </section>

      <HowCallersAreRanked />
    </main>
  );
}
