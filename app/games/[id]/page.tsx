import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GameThread } from '@/components/games/game-thread';
import { SettledTonight } from '@/components/games/settled-tonight';
import { settledTonight } from '@/lib/data/calls/settled-tonight';
import { TakeItems } from '@/components/take-card/take-list';
import { now } from '@/lib/clock';
import { GAME_TAKE_WINDOW_MS, LEAGUE_TIME_ZONE } from '@/lib/games/constants';
import { findGame } from '@/lib/data/discovery/entity-lookups';
import { gameThreadFirstPage } from '@/lib/data/discovery/game-thread';
import { shieldOver, shownGame } from '@/lib/data/filters/lists';
import { gameMetadata, NOT_FOUND_METADATA } from '@/lib/site/seo';
import { viewerTimeZone } from '@/lib/games/time-zone';
import { viewerReader } from '@/app/_lib/viewer';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const game = await findGame(id).catch(() => undefined);
  if (game === null) return NOT_FOUND_METADATA;
  if (!game) return { title: 'Game thread' };
  // A fan whose spoiler shield covers the game gets its metadata without the score, as its page shows it, and a
  // preview image that draws none.
  const reader = await viewerReader();
  return gameMetadata(shownGame(reader, game), { shielded: Boolean(shieldOver(reader, game.id)) });
}

/**
 * /games/{id}: the matchup, its score and status, and the thread of takes filed on it (docs/product.md#game-day), as
 * the reader's filters show it; while their spoiler shield covers the game, without its score (docs/product.md#filters).
 */
export default async function GamePage({ params }: Props) {
  const { id } = await params;
  // A failed read reaches error.tsx, which shows the text of docs/product.md#messages with Retry.
  const game = await findGame(id);
  if (!game) notFound();
  const [reader, { zone }, at] = await Promise.all([viewerReader(), viewerTimeZone(null), now()]);
  const shield = shieldOver(reader, game.id);
  const [page, settled] = await Promise.all([
    gameThreadFirstPage(game.id, reader),
    // Only a game with results has calls settled tonight: a final or cancelled one (or one postponed past its days).
    game.status === 'scheduled' || game.status === 'live'
      ? null
      : settledTonight(game.id, { shielded: Boolean(shield), hiddenAuthors: reader.filters.hiddenAuthors }).catch((error: unknown) => {
          // docs/product.md#messages: a failed list is logged and shown empty.
          console.error('Settled tonight failed', { game: game.id, error });
          return null;
        }),
  ]);
  const open = Math.abs(at.getTime() - Date.parse(game.tipoff)) <= GAME_TAKE_WINDOW_MS;
  const initial = {
    ids: page.takes.map((t) => t._id),
    newest: page.takes.reduce((max, t) => Math.max(max, Date.parse(t.createdAt)), 0),
    cursor: page.nextCursor,
  };
  return (
    <main className="page">
      <GameThread
        game={shownGame(reader, game)}
        zone={zone ?? LEAGUE_TIME_ZONE}
        open={open}
        initial={initial}
        shielded={Boolean(shield)}
        shieldable={reader.shields({ id: game.id, home: game.home.id, away: game.away.id })}
        settled={settled && <SettledTonight settled={settled} />}
      >
        <TakeItems takes={page.takes} marks={page.marks} />
      </GameThread>
    </main>
  );
}
