'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { WatchedButton } from '@/components/fan-filters/watched-button-lazy';
import { useAuth } from '@/components/shared/auth-provider';
import { useCreateTake } from '@/components/shared/create-take-context';
import { useVisiblePoll } from '@/components/shared/use-visible-poll';
import { NoTakes, TakeListFrame } from '@/components/take-card/take-list-frame';
import { LoadedTakes, useTakePages } from '@/components/shared/use-take-pages';
import { fetchGameThreadPage } from '@/lib/client/games';
import { fetchLiveGame } from '@/lib/client/live';
import type { GameDTO } from '@/lib/validation/games';
import { Scoreboard } from './scoreboard';
import { ListFooter } from '@/components/ui/list-footer';
import styles from './game-page.module.css';
import { Button } from '@/components/ui/button';

type GameThreadProps = {
  game: GameDTO;
  /** The zone the server drew the times in. */
  zone: string;
  /** Whether takes can still be filed on the game (a day and a half either side of tip-off). */
  open: boolean;
  /** The first page as the server rendered it for the reader: its take ids, its newest take's time, the next page's cursor. */
  initial: { ids: string[]; newest: number; cursor: string | null };
  /** The reader's spoiler shield covers the game now (docs/product.md#filters): the server sent it without its score. */
  shielded: boolean;
  /**
   * Their shield covers it at some time: now, or from its tip-off. The page then polls with their token, and the
   * server answers as the shield has it at that moment (shownLive): a page opened before tip-off stops showing the
   * score the moment the window starts, and shows it again once they tap Watched or their hours pass.
   */
  shieldable: boolean;
  /** Its Settled tonight, rendered on the server once its calls settle. */
  settled?: React.ReactNode;
  /** The first page's cards, rendered on the server with the reader's marks. */
  children: React.ReactNode;
};

/**
 * A game page below its server-rendered first paint (docs/product.md#game-day): the scoreboard and the thread,
 * kept current by one poll of the game (lib/client/live.ts), which answers 304 while nothing changed. A score
 * moves in place; takes posted since are announced by a button rather than pushed under the reader, and the
 * reader's own appear at the top at once. Load More pages the thread by cursor, as the feed does.
 */
export function GameThread({ game, zone, open, initial, shielded, shieldable, settled, children }: GameThreadProps) {
  const router = useRouter();
  const { status, getToken } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const { openCreateTake } = useCreateTake();
  const [live, setLive] = useState(game);
  const [shieldOn, setShieldOn] = useState(shielded);
  // The server's render again (Watched refreshes the page): what it says now replaces what the polls said.
  const [rendered, setRendered] = useState({ game, shielded });
  if (rendered.game !== game || rendered.shielded !== shielded) {
    setRendered({ game, shielded });
    setLive(game);
    setShieldOn(shielded);
  }
  const [fresh, setFresh] = useState(false);
  const { base, posted, more, cursor, loading, failed, shownIds, newestShown, loadMore, showFirstPage } = useTakePages({
    initial,
    onPosted: (take) => {
      if (take.gameID !== game.id) return false;
      setLive((current) => ({ ...current, takes: current.takes + 1 }));
      return true;
    },
  });
  const readPage = (after: string | null, token: string | null) =>
    fetchGameThreadPage(game.id, after, token).then((page) => ({ takes: page.takes, cursor: page.nextCursor }));

  /** The thread's first page again, with what was posted since at its top. */
  const showNew = async () => {
    try {
      await showFirstPage((token) => readPage(null, token));
      setFresh(false);
    } catch (error) {
      // The button stays, so the reader can try again.
      console.error('Could not read the new takes', error);
    }
  };

  useVisiblePoll(async () => {
    // A fan the shield may cover is asked about as themselves, or not at all: the shared answer carries the score.
    const token = shieldable ? await getToken() : undefined;
    if (token === null) return;
    const now = await fetchLiveGame(game.id, token);
    // A final (or a corrected one) settles the game's calls on its write: the page is drawn again for their results.
    const decided =
      now.status === 'final' && (live.status !== 'final' || now.homeScore !== live.homeScore || now.awayScore !== live.awayScore);
    setShieldOn(now.shielded);
    setLive((current) => ({ ...current, status: now.status, awayScore: now.awayScore, homeScore: now.homeScore, takes: now.takes }));
    if (decided) {
      // Settled tonight from the server, and the thread's cards (their chips) read again in place, newest first.
      router.refresh();
      await showFirstPage((token) => readPage(null, token)).then(() => setFresh(false), console.error);
      return;
    }
    if (now.newest && Date.parse(now.newest.createdAt) > newestShown && !shownIds.has(now.newest._id)) setFresh(true);
  }, 'game');

  const post = () => {
    if (status === 'loading') return;
    if (status !== 'signed-in') {
      openAuthPrompt('default');
      return;
    }
    openCreateTake({
      type: 'game',
      id: game.id,
      label: `${game.away.nickname} @ ${game.home.nickname}`,
      matchup: { away: game.away.id, home: game.home.id },
    });
  };

  return (
    <>
      <Scoreboard game={live} zone={zone} />
      {shieldOn && (
        <p className={styles.shielded}>
          <span>Spoiler shield on: no score until you have watched it.</span>
          <WatchedButton game={game.id} />
        </p>
      )}
      {settled}
      <section aria-labelledby="game-thread">
        <div className={styles.threadHead}>
          <h2 id="game-thread" className={styles.threadTitle}>
            Game thread <span className={styles.threadCount}>{live.takes === 1 ? '1 take' : `${live.takes} takes`}</span>
          </h2>
          {open ? (
            <Button type="button" variant="primary" onClick={post}>
              Post a take on this game
            </Button>
          ) : (
            <p className={styles.closed}>This thread is closed to new takes.</p>
          )}
        </div>
        {/* A slot of no height: the button floats over the thread rather than pushing it down under the reader. */}
        <div className={styles.bannerSlot}>
          {fresh && (
            <button type="button" className={`button button-primary ${styles.banner}`} onClick={() => void showNew()}>
              Show new takes
            </button>
          )}
        </div>
        {shownIds.size > 0 ? (
          <TakeListFrame>
            {posted.length > 0 && <LoadedTakes takes={posted} marks={null} />}
            {base ? <LoadedTakes takes={base.takes.filter((t) => !posted.some((p) => p._id === t._id))} marks={base.marks} /> : children}
            {more.takes.length > 0 && <LoadedTakes takes={more.takes} marks={more.marks} />}
          </TakeListFrame>
        ) : (
          <NoTakes text="No takes on this game yet." />
        )}
        <ListFooter
          error={failed ? 'Error loading posts.' : null}
          action={
            cursor || failed
              ? { label: failed ? 'Try again' : 'Load More', busy: loading, onClick: () => void loadMore(readPage) }
              : undefined
          }
        />
      </section>
    </>
  );
}
