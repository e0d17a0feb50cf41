import type { ReactElement } from 'react';
import { drawRichText, Logo, RichText, type DrawnText, type TextStyle } from '@/lib/og/rich-text';
import { OG_FONT_FAMILY, type Segment } from '@/lib/og/assets';
import type { EntityArt } from '@/lib/og/art';
import { EntityTile } from '@/lib/og/entity-tile';

export type ShareImageProps = {
  title: Segment[];
  description: Segment[];
  entityName: Segment[];
  entityArt: EntityArt;
  /** `author` as shown: "@name", or the fallback label of a comment whose author is gone. */
  topComment: { author: string; text: Segment[] } | null;
  siteName: string;
};

/** What shareImage draws ahead of the image: each text with emoji (null: laid out live). */
type Drawn = { texts: Partial<Record<'entityName' | 'title' | 'description' | 'comment', DrawnText | null>> };

const BG = '#0b0f17';
const CARD = '#141b2b';
const MUTED = '#aab4c8';

// The layout's measures, from which each text's width follows (a text with emoji is drawn ahead at that width).
const WIDTH = 1080;
const SIDE = 90;
const TILE = 200;
const TILE_GAP = 36;
const CARD_PADDING = 56;
const OUTLINE = 3;
const COMMENT_PADDING = 49;
const TEXT_WIDTHS = {
  entityName: WIDTH - 2 * SIDE - TILE - TILE_GAP,
  title: WIDTH - 2 * SIDE - 2 * CARD_PADDING,
  description: WIDTH - 2 * SIDE - 2 * CARD_PADDING,
  comment: WIDTH - 2 * SIDE - 2 * (OUTLINE + COMMENT_PADDING),
};
const TEXT_STYLES = {
  entityName: { fontSize: 58, lines: 2, color: '#ffffff', weight: 800 },
  title: { fontSize: 76, lines: 3, color: '#ffffff', weight: 800, lineHeight: 1.15 },
  description: { fontSize: 42, lines: 3, color: MUTED, lineHeight: 1.35 },
  comment: { fontSize: 40, lines: 3, color: '#e8ecf4', lineHeight: 1.35 },
} satisfies Record<keyof typeof TEXT_WIDTHS, TextStyle>;

const LOGO_BOX = { width: 320, height: 78 };
const FOOTER_BOX = { width: WIDTH - 2 * SIDE, height: 130 };

function ShareLogo() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', ...LOGO_BOX, fontFamily: OG_FONT_FAMILY }}>
      <Logo size={72} />
    </div>
  );
}

function ShareFooter({ siteName }: { siteName: string }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', ...FOOTER_BOX, fontFamily: OG_FONT_FAMILY }}>
      <div style={{ fontSize: 38, color: MUTED }}>Join the conversation at</div>
      <div style={{ fontSize: 60, fontWeight: 800, color: '#ff7a1a', marginTop: 10 }}>{siteName}</div>
    </div>
  );
}

/**
 * The share image with each text with emoji drawn ahead on a canvas of its own (drawRichText): laid out live, such
 * a text took about 600 ms of CPU to draw against 80 for the whole image this way. For renderPng, which runs it inside
 * the request's render slot, once its rate limit has answered.
 */
export async function shareImage(props: ShareImageProps): Promise<ReactElement> {
  const text = (key: keyof typeof TEXT_WIDTHS, segments: Segment[] | undefined) =>
    segments ? drawRichText(segments, TEXT_WIDTHS[key], TEXT_STYLES[key]) : null;
  const [entityName, title, description, comment] = await Promise.all([
    text('entityName', props.entityName),
    text('title', props.title),
    text('description', props.description),
    text('comment', props.topComment?.text),
  ]);
  return <ShareImage {...props} drawn={{ texts: { entityName, title, description, comment } }} />;
}

/**
 * The 1080×1920 story image of docs/product.md#screens, in the site's dark orange-accent style; `drawn` places
 * what shareImage drew ahead, and without it everything is laid out here (the plain fallback).
 */
export function ShareImage({ drawn, ...props }: ShareImageProps & { drawn?: Drawn }) {
  const { entityArt, topComment, siteName } = props;
  const texts = drawn?.texts ?? {};
  return (
    <div
      style={{
        width: WIDTH,
        height: 1920,
        display: 'flex',
        flexDirection: 'column',
        // One flat colour: a gradient across the whole canvas made every share image about a fifth slower to draw
        // (measured with `npm run bench`'s capture rows), and the card and the orange accents carry the style.
        background: BG,
        padding: `110px ${SIDE}px 100px`,
        fontFamily: OG_FONT_FAMILY,
        color: '#ffffff',
      }}
    >
      <ShareLogo />
      <div style={{ display: 'flex', alignItems: 'center', gap: TILE_GAP, marginTop: 110 }}>
        <EntityTile art={entityArt} size={TILE} />
        <div style={{ display: 'flex', flex: 1 }}>
          <RichText segments={props.entityName} drawn={texts.entityName} {...TEXT_STYLES.entityName} />
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          marginTop: 80,
          background: CARD,
          borderRadius: 40,
          padding: `${CARD_PADDING}px ${CARD_PADDING}px 60px`,
        }}
      >
        <div
          style={{
            display: 'flex',
            alignSelf: 'flex-start',
            fontSize: 30,
            fontWeight: 800,
            letterSpacing: 3,
            color: '#0b0f17',
            background: '#ff7a1a',
            borderRadius: 999,
            padding: '8px 24px',
            marginBottom: 32,
          }}
        >
          HOT TAKE
        </div>
        <RichText segments={props.title} drawn={texts.title} {...TEXT_STYLES.title} />
        <div style={{ display: 'flex', marginTop: 36 }}>
          <RichText segments={props.description} drawn={texts.description} {...TEXT_STYLES.description} />
        </div>
      </div>
      {/* Its outline is a box in a box, not a border, for the reason lib/og/ringed-disc.tsx gives. */}
      <div style={{ display: 'flex', marginTop: 56, padding: OUTLINE, borderRadius: 32, background: '#2b3550' }}>
        <div
          style={{
            display: 'flex',
            flex: 1,
            flexDirection: 'column',
            padding: `41px ${COMMENT_PADDING}px`,
            borderRadius: 29,
            background: BG,
          }}
        >
          {topComment ? (
            <div style={{ display: 'flex', flexDirection: 'column' }}>
              <div style={{ display: 'flex', fontSize: 34, color: '#ff9a4d', fontWeight: 700, marginBottom: 18 }}>{topComment.author}</div>
              <RichText segments={topComment.text} drawn={texts.comment} {...TEXT_STYLES.comment} />
            </div>
          ) : (
            <div style={{ fontSize: 40, color: MUTED }}>Be the first to comment!</div>
          )}
        </div>
      </div>
      <div style={{ display: 'flex', flex: 1 }} />
      <ShareFooter siteName={siteName} />
    </div>
  );
}
