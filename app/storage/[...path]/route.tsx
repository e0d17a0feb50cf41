// GET /storage/{current-players/{id}.png | teams/{id}.svg | special-topics/{id}.png} — generated entity art.
import { ImageResponse } from 'next/og';
import { getPlayer, getTeam, getTopic } from '@/lib/data/discovery/entities';
import { Badge, badgeSvg, FALLBACK, initials } from '@/lib/placeholder-art';

const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

function png(text: string, background: string, accent: string) {
  return new ImageResponse(<Badge text={text} background={background} accent={accent} size={256} />, {
    width: 256,
    height: 256,
    headers: { 'Cache-Control': CACHE },
  });
}

export async function GET(_request: Request, context: { params: Promise<{ path: string[] }> }) {
  const [folder, file, ...rest] = (await context.params).path;
  const match = file ? /^([\w-]+)\.(png|svg)$/.exec(file) : null;
  if (!folder || !match || rest.length > 0) return Response.json({ error: 'Not found.' }, { status: 404 });
  const [, id = '', ext] = match;

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
      return png(player ? initials(player.name) : '?', team?.primaryColor ?? FALLBACK.background, team?.secondaryColor ?? FALLBACK.accent);
    }
    if (folder === 'special-topics' && ext === 'png') {
      const topic = await getTopic(id);
      return png(topic ? initials(topic.name) : '?', '#312e81', FALLBACK.accent);
    }
  } catch {
    // Art must never break a page: an unreachable database gives the neutral badge.
    return png('?', FALLBACK.background, FALLBACK.accent);
  }
  return Response.json({ error: 'Not found.' }, { status: 404 });
}
