import { Logo, RichText } from '@/lib/og/rich-text';
import { OG_FONT_FAMILY, type Segment } from '@/lib/og/assets';
import type { EntityArt } from '@/lib/og/art';
import { EntityTile } from '@/lib/og/entity-tile';

const frame = {
  width: 1200,
  height: 630,
  display: 'flex',
  flexDirection: 'column' as const,
  padding: '56px 64px',
  fontFamily: OG_FONT_FAMILY,
  color: '#ffffff',
  background: 'linear-gradient(135deg, #0b0f17 0%, #161d2e 60%, #2a1608 100%)',
};

/** 1200×630 Open Graph card of a take: title, entity, author and like percentage. */
export function TakeCardImage({
  title,
  entityName,
  art,
  author,
  likePct,
}: {
  title: Segment[];
  entityName: string;
  art: EntityArt;
  author: string;
  likePct: number | null;
}) {
  return (
    <div style={frame}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Logo size={44} />
        {likePct === null ? null : (
          <div
            style={{
              display: 'flex',
              fontSize: 34,
              fontWeight: 800,
              color: '#0b0f17',
              background: '#22c55e',
              borderRadius: 999,
              padding: '8px 26px',
            }}
          >{`${likePct}% like it`}</div>
        )}
      </div>
      <div style={{ display: 'flex', flex: 1, alignItems: 'center', gap: 48, marginTop: 24 }}>
        <EntityTile art={art} size={220} />
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1, borderLeft: '10px solid #ff7a1a', paddingLeft: 36 }}>
          <RichText segments={title} fontSize={56} lines={3} color="#ffffff" weight={800} lineHeight={1.15} />
          <div style={{ display: 'flex', fontSize: 30, color: '#aab4c8', marginTop: 24 }}>{`${entityName} · by @${author}`}</div>
        </div>
      </div>
    </div>
  );
}

/** 1200×630 card of a player, team, topic or profile. */
export function EntityCardImage({ name, subtitle, art }: { name: Segment[]; subtitle: string; art: EntityArt }) {
  return (
    <div style={frame}>
      <Logo size={44} />
      <div style={{ display: 'flex', flex: 1, alignItems: 'center', gap: 56 }}>
        <EntityTile art={art} size={260} />
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
          <RichText segments={name} fontSize={72} lines={2} color="#ffffff" weight={800} lineHeight={1.1} />
          <div style={{ display: 'flex', fontSize: 34, color: '#ff9a4d', marginTop: 20 }}>{subtitle}</div>
        </div>
      </div>
    </div>
  );
}

/** 1200×630 card of a callers board: its title and its top three, or an invitation while nobody is ranked. */
export function CallersCardImage({ title, leaders }: { title: string; leaders: { rank: number; username: string; rating: string }[] }) {
  return (
    <div style={frame}>
      <Logo size={44} />
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          flex: 1,
          justifyContent: 'center',
          marginTop: 36,
          borderLeft: '10px solid #ff7a1a',
          paddingLeft: 36,
        }}
      >
        <div style={{ display: 'flex', fontSize: 72, fontWeight: 800, lineHeight: 1.1 }}>{title}</div>
        {leaders.length === 0 ? (
          <div style={{ display: 'flex', fontSize: 34, color: '#aab4c8', marginTop: 24 }}>The fans whose takes aged well</div>
        ) : (
          leaders.map((l) => (
            <div key={l.rank} style={{ display: 'flex', alignItems: 'center', gap: 24, fontSize: 38, marginTop: 20 }}>
              <div style={{ display: 'flex', width: 64, color: l.rank === 1 ? '#facc15' : '#aab4c8', fontWeight: 800 }}>{`#${l.rank}`}</div>
              <div style={{ display: 'flex', flex: 1, fontWeight: 700, overflow: 'hidden' }}>{`@${l.username}`}</div>
              <div style={{ display: 'flex', color: '#ff9a4d', fontWeight: 800 }}>{l.rating}</div>
            </div>
          ))
        )}
      </div>
    </div>
  );
}

type MatchupSide = { name: string; score: number | null; art: EntityArt; won: boolean };

/** 1200×630 card of a game: both teams' art and names, the score or the tip-off, and an invitation to the thread. */
export function MatchupCardImage({
  away,
  home,
  status,
  when,
  takes,
}: {
  away: MatchupSide;
  home: MatchupSide;
  status: string;
  when: string;
  takes: number;
}) {
  const side = (team: MatchupSide) => (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: 380 }}>
      <EntityTile art={team.art} size={200} />
      <div style={{ display: 'flex', fontSize: 44, fontWeight: 800, marginTop: 22 }}>{team.name}</div>
      {team.score === null ? null : (
        <div style={{ display: 'flex', fontSize: 76, fontWeight: 800, color: team.won ? '#ffffff' : '#8d97ad', marginTop: 4 }}>
          {String(team.score)}
        </div>
      )}
    </div>
  );
  return (
    <div style={frame}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Logo size={44} />
        <div style={{ display: 'flex', fontSize: 30, color: '#aab4c8' }}>{when}</div>
      </div>
      <div style={{ display: 'flex', flex: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        {side(away)}
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
          <div style={{ display: 'flex', fontSize: 64, fontWeight: 800, color: '#ff9a4d' }}>@</div>
          <div style={{ display: 'flex', fontSize: 32, fontWeight: 700, color: '#ffffff' }}>{status}</div>
        </div>
        {side(home)}
      </div>
      <div style={{ display: 'flex', justifyContent: 'center', fontSize: 30, color: '#ff9a4d' }}>
        {takes === 0 ? 'Game thread on Takes: be the first take' : `Game thread on Takes: ${takes} ${takes === 1 ? 'take' : 'takes'}`}
      </div>
    </div>
  );
}
