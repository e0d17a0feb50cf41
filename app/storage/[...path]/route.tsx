// GET /storage/{current-players/{id}.png | teams/{id}.svg | special-topics/{id}.png} — generated entity art.
import { getPlayer, getTeam, getTopic } from '@/lib/data/discovery/entities';
import { notFound } from '@/lib/errors';
import { badgePng } from '@/lib/og/badge-png';
import { imageRoute } from '@/lib/og/image-route';
import { badgeSvg, FALLBACK, initials } from '@/lib/og/placeholder-art';

const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

type Art = { folder: string; id: string; ext: string };

const png = async (text: string, background: string, accent: string) =>
  new Response(await badgePng(text, background, accent), { headers: { 'Content-Type': 'image/png', 'Cache-Control': CACHE } });

async function draw({ folder, id, ext }: Art): Promise<Response> {
  try {
    if (folder === 'teams' && ext === 'svg') {
      const team = /^\d{1,12}$/.test(id) ? await getTeam(Number(id)) : null;
      const svg = team
        ? badgeSvg(team.abbreviation, team.primaryColor, team.secondaryColor)
        : badgeSvg('NBA', FALLBACK.background, FALLBACK.accent);
      return new Response(svg, {
        headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': CACHE, 'X-Content-Type-Options': 'nosniff' },
      });
    }
    if (folder === 'current-players' && ext === 'png') {
      const player = /^\d{1,12}$/.test(id) ? await getPlayer(Number(id)) : null;
      const team = player?.teamId ? await getTeam(player.teamId) : null;
      return await png(
        player ? initials(player.name) : '?',
        team?.primaryColor ?? FALLBACK.background,
        team?.secondaryColor ?? FALLBACK.accent,
      );
    }
    if (folder === 'special-topics' && ext === 'png') {
      const topic = await getTopic(id);
      return await png(topic ? initials(topic.name) : '?', '#312e81', FALLBACK.accent);
    }
  } catch {
    // Art must never break a page: an unreachable database gives the neutral badge.
    return png('?', FALLBACK.background, FALLBACK.accent);
  }
  throw notFound('Not found.');
}

// Not counted against the share images' limit: pages load a dozen of these at once, and their renders are bounded
// by the badges there are (lib/og/badge-png.tsx), so no address or query string draws a new one.
export const GET = imageRoute(
  async (_request, context) => {
    const [folder, file, ...rest] = ((await context.params).path ?? []) as string[];
    const match = file ? /^([\w-]+)\.(png|svg)$/.exec(file) : null;
    if (!folder || !match || rest.length > 0) throw notFound('Not found.');
    const [, id = '', ext = ''] = match;
    return { path: `/storage/${folder}/${id}.${ext}`, value: { folder, id, ext } };
  },
  (_request, art) => draw(art),
  { counted: false },
);
