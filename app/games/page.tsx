import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SlateScreen } from '@/components/games/slate-screen';
import { ZoneSync } from '@/components/games/zone-sync';
import type { SearchParams } from '@/components/shared/filter-query';
import { now } from '@/lib/clock';
import { LEAGUE_TIME_ZONE, TIME_ZONE_COOKIE } from '@/lib/constants';
import { slateOf } from '@/lib/data/games/games';
import { dayIn, isDayString } from '@/lib/game-day';
import { readerTimeZone } from '@/lib/time-zone';

export const metadata: Metadata = {
  title: 'Games',
  description: "Tonight's NBA games and every game's thread of fan takes, in your time zone.",
  alternates: { canonical: '/games' },
};

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

/**
 * Run before the slate is parsed, on a first visit only (no zone known yet): writes the browser's zone into the
 * cookie and loads the page again in it, with the slate hidden meanwhile, so no day or time drawn in the league's
 * zone is painted for a reader elsewhere. A reader already in that zone, a browser refusing the cookie (which would
 * reload without end) and a crawler (no script) read the league's slate, which says whose times they are.
 */
const FIRST_VISIT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z||z===${JSON.stringify(LEAGUE_TIME_ZONE)})return;document.cookie=${JSON.stringify(`${TIME_ZONE_COOKIE}=`)}+encodeURIComponent(z)+'; path=/; max-age=31536000; samesite=lax';if(document.cookie.indexOf(${JSON.stringify(`${TIME_ZONE_COOKIE}=`)})<0)return;document.documentElement.setAttribute('data-zone-pending','');location.replace(location.href);}catch(e){}})();`;

/** /games: a day's slate in the reader's time zone (docs/product.md#game-day); `?date=YYYY-MM-DD` pages the days, `?tz=` pins a zone. */
export default async function GamesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const asked = text(params.tz);
  const known = await readerTimeZone(asked);
  const zone = known ?? LEAGUE_TIME_ZONE;
  const today = dayIn(await now(), zone);
  const date = text(params.date);
  // A failed read reaches app/error.tsx, with Retry.
  const slate = await slateOf(date && isDayString(date) ? date : today, zone);
  const pinned = asked !== null && known === asked;
  return (
    <>
      {!known && <script nonce={(await headers()).get('x-nonce') ?? undefined} dangerouslySetInnerHTML={{ __html: FIRST_VISIT }} />}
      <SlateScreen slate={slate} today={today} tzQuery={pinned ? asked : null} />
      <ZoneSync rendered={zone} pinned={pinned} />
    </>
  );
}
