import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SlateScreen } from '@/components/games/slate-screen';
import { ZoneSync } from '@/components/games/zone-sync';
import { ZONE_PENDING_STYLE } from '@/components/shared/time-zone';
import type { SearchParams } from '@/components/shared/filter-query';
import { now } from '@/lib/clock';
import { LEAGUE_TIME_ZONE } from '@/lib/games/constants';
import { shownGame } from '@/lib/data/filters/lists';
import { slateOf } from '@/lib/data/games/games';
import { dayIn, isDayString } from '@/lib/games/game-day';
import { viewerTimeZone } from '@/lib/games/time-zone';
import { viewerReader } from '@/app/_lib/viewer';

export const metadata: Metadata = {
  title: 'Games',
  description: "Tonight's NBA games and every game's thread of fan takes, in your time zone.",
  alternates: { canonical: '/games' },
};

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

/**
 * Run before the slate is parsed, on a first visit only (no zone known yet) in a browser outside the league's zone:
 * hides the slate until ZoneSync has told the server the browser's zone and the page is drawn again in it, so no
 * day or time in another zone is painted for this reader. A crawler (no script) reads the league's slate, which
 * says whose times they are.
 */
const FIRST_VISIT = `(function(){try{if(Intl.DateTimeFormat().resolvedOptions().timeZone===${JSON.stringify(LEAGUE_TIME_ZONE)})return;var s=document.createElement('style');s.id=${JSON.stringify(ZONE_PENDING_STYLE)};s.textContent='[data-zone-slate]{visibility:hidden}';document.head.appendChild(s);}catch(e){}})();`;

/** /games: a day's slate in the reader's time zone (docs/product.md#game-day); `?date=YYYY-MM-DD` pages the days, `?tz=` pins a zone. */
export default async function GamesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const { zone: known, pinned } = await viewerTimeZone(text(params.tz));
  const zone = known ?? LEAGUE_TIME_ZONE;
  const today = dayIn(await now(), zone);
  const date = text(params.date);
  // A failed read reaches app/error.tsx, with Retry.
  const [slate, reader] = await Promise.all([slateOf(date && isDayString(date) ? date : today, zone), viewerReader()]);
  return (
    <>
      {!known && <script nonce={(await headers()).get('x-nonce') ?? undefined} dangerouslySetInnerHTML={{ __html: FIRST_VISIT }} />}
      <SlateScreen
        slate={{ ...slate, games: slate.games.map((game) => shownGame(reader, game)) }}
        today={today}
        tzQuery={pinned ? zone : null}
      />
      <ZoneSync rendered={zone} pinned={pinned} />
    </>
  );
}
