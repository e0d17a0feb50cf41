import type { Metadata } from 'next';
import { LEAGUE_TIME_ZONE } from '@/lib/games/constants';
import { OG_IMAGE } from '@/lib/og/constants';
import { dayIn, dayLabel } from '@/lib/games/game-day';
import type { GameDTO } from '@/lib/validation/games';
import { likePercentage } from '@/lib/discovery/ranking';
import type { TakeDTO } from '@/lib/validation/takes';

/** The page background, also the browser's theme colour and the installed app's splash. */
export const SITE_COLORS = { background: '#0b0f17' } as const;

export const SITE_NAME = 'Takes';

/** Plain text of at most `max` characters for descriptions and alt text. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

type PageMeta = {
  title: string;
  description: string;
  path: string;
  image: string;
  imageAlt: string;
  type?: 'website' | 'article' | 'profile';
  noindex?: boolean;
};

/** The full set of tags a crawler reads: canonical, Open Graph and Twitter card. */
export function pageMetadata({ title, description, path, image, imageAlt, type = 'website', noindex }: PageMeta): Metadata {
  const images = [{ url: image, width: OG_IMAGE.width, height: OG_IMAGE.height, alt: imageAlt }];
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title, description, url: path, siteName: SITE_NAME, type, images },
    twitter: { card: 'summary_large_image', title, description, images },
    ...(noindex ? { robots: { index: false, follow: false } } : {}),
  };
}

export function takeMetadata(take: TakeDTO, path = `/takes/${take._id}`): Metadata {
  const pct = likePercentage(take.likes, take.dislikes);
  const about = `${take.entity.name} · by ${take.createdBy.username}${pct === null ? '' : ` · ${pct}% like it`}`;
  return pageMetadata({
    title: clip(take.title, 70),
    description: clip(`${take.description} — ${about}`, 200),
    path,
    image: `/og/takes/${take._id}`,
    imageAlt: clip(`${take.title} — a take about ${take.entity.name}`, 120),
    type: 'article',
  });
}

export function entityMetadata(kind: 'player' | 'team' | 'topic', id: number | string, name: string, path: string): Metadata {
  const noun = kind === 'topic' ? 'topic' : kind;
  return pageMetadata({
    title: `${name} takes`,
    description: `Hot takes about ${name} from NBA fans: read, rate and argue about the latest opinions on this ${noun}.`,
    path,
    image: `/og/${kind === 'topic' ? 'topics' : `${kind}s`}/${id}`,
    imageAlt: `${name} on Takes`,
  });
}

/** A game's thread: the matchup, its day in the league's zone (a shared link reads the same everywhere) and its image. */
/**
 * A game page's metadata. `shielded`: the reader's spoiler shield covers the game, so the game has come without its
 * score (shownGame) and the preview image is the home team's card, which draws none, not the game's, which does.
 */
export function gameMetadata(game: GameDTO, { shielded = false }: { shielded?: boolean } = {}): Metadata {
  const matchup = `${game.away.nickname} @ ${game.home.nickname}`;
  const day = dayLabel(dayIn(new Date(game.tipoff), LEAGUE_TIME_ZONE));
  const score =
    game.awayScore !== null && game.homeScore !== null
      ? ` (${game.awayScore}-${game.homeScore}${game.status === 'final' ? ', final' : ''})`
      : '';
  return pageMetadata({
    title: `${matchup}: game thread`,
    description: clip(
      `${game.away.name} at ${game.home.name}, ${day}${score}. ${game.takes} takes from NBA fans on the game: read them and add yours.`,
      200,
    ),
    path: `/games/${game.id}`,
    image: shielded ? `/og/teams/${game.home.id}` : `/og/games/${game.id}`,
    imageAlt: `${game.away.name} at ${game.home.name} on Takes`,
  });
}

export const NOT_FOUND_METADATA: Metadata = { title: 'Not found', robots: { index: false, follow: false } };

/** A take the reader's own filters cover (docs/product.md#filters): its reason as the title, and nothing of the take. */
export const collapsedMetadata = (label: string): Metadata => ({ title: label, robots: { index: false, follow: false } });
