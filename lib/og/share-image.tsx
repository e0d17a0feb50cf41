import { Logo, RichText } from '@/lib/og/rich-text';
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

const BG = '#0b0f17';
const CARD = '#141b2b';
const MUTED = '#aab4c8';

/** The 1080×1920 story image of docs/product.md#screens, in the site's dark orange-accent style. */
export function ShareImage({ title, description, entityName, entityArt, topComment, siteName }: ShareImageProps) {
  return (
    <div
      style={{
        width: 1080,
        height: 1920,
        display: 'flex',
        flexDirection: 'column',
        // One flat colour: a gradient across the whole canvas made every share image about a fifth slower to draw
        // (measured with `npm run bench`'s capture rows), and the card and the orange accents carry the style.
        background: BG,
        padding: '110px 90px 100px',
        fontFamily: OG_FONT_FAMILY,
        color: '#ffffff',
      }}
    >
      <Logo size={72} />
      <div style={{ display: 'flex', alignItems: 'center', gap: 36, marginTop: 110 }}>
        <EntityTile art={entityArt} size={200} />
        <div style={{ display: 'flex', flex: 1 }}>
          <RichText segments={entityName} fontSize={58} lines={2} color="#ffffff" weight={800} />
        </div>
      </div>
      <div
        style={{ display: 'flex', flexDirection: 'column', marginTop: 80, background: CARD, borderRadius: 40, padding: '56px 56px 60px' }}
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
        <RichText segments={title} fontSize={76} lines={3} color="#ffffff" weight={800} lineHeight={1.15} />
        <div style={{ display: 'flex', marginTop: 36 }}>
          <RichText segments={description} fontSize={42} lines={3} color={MUTED} lineHeight={1.35} />
        </div>
      </div>
      {/* Its outline is a box in a box, not a border, for the reason lib/og/ringed-disc.tsx gives. */}
      <div style={{ display: 'flex', marginTop: 56, padding: 3, borderRadius: 32, background: '#2b3550' }}>
        <div style={{ display: 'flex', flex: 1, flexDirection: 'column', padding: '41px 49px', borderRadius: 29, background: BG }}>
          {topComment ? (
            <div style={{ display: 'flex', flexDirection: 'column' }}>
              <div style={{ display: 'flex', fontSize: 34, color: '#ff9a4d', fontWeight: 700, marginBottom: 18 }}>{topComment.author}</div>
              <RichText segments={topComment.text} fontSize={40} lines={3} color="#e8ecf4" lineHeight={1.35} />
            </div>
          ) : (
            <div style={{ fontSize: 40, color: MUTED }}>Be the first to comment!</div>
          )}
        </div>
      </div>
      <div style={{ display: 'flex', flex: 1 }} />
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <div style={{ fontSize: 38, color: MUTED }}>Join the conversation at</div>
        <div style={{ fontSize: 60, fontWeight: 800, color: '#ff7a1a', marginTop: 10 }}>{siteName}</div>
      </div>
    </div>
  );
}
