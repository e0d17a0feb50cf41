import type { ReactElement } from 'react';
import { drawRichText, Logo, RichText, type DrawnText, type TextStyle } from '@/lib/og/rich-text';
import { OG_FONT_FAMILY, type Segment } from '@/lib/og/assets';
import type { EntityArt } from '@/lib/og/art';
import { EntityTile } from '@/lib/og/entity-tile';

const WIDTH = 1200;
const SIDE = 64;
const frame = {
  width: WIDTH,
  height: 630,
  display: 'flex',
  flexDirection: 'column' as const,
  padding: `56px ${SIDE}px`,
  fontFamily: OG_FONT_FAMILY,
  color: '#ffffff',
  background: 'linear-gradient(135deg, #0b0f17 0%, #161d2e 60%, #2a1608 100%)',
};

// The measures a card's text width follows from: a text with emoji is drawn ahead at that width (drawRichText).
const TAKE_TILE = 220;
const TAKE_GAP = 48;
const RULE = 10;
const RULE_GAP = 36;
const TAKE_TITLE: TextStyle = { fontSize: 56, lines: 3, color: '#ffffff', weight: 800, lineHeight: 1.15 };
const TAKE_TITLE_WIDTH = WIDTH - 2 * SIDE - TAKE_TILE - TAKE_GAP - RULE - RULE_GAP;
const ENTITY_TILE = 260;
const ENTITY_GAP = 56;
const ENTITY_NAME: TextStyle = { fontSize: 72, lines: 2, color: '#ffffff', weight: 800, lineHeight: 1.1 };
const ENTITY_NAME_WIDTH = WIDTH - 2 * SIDE - ENTITY_TILE - ENTITY_GAP;

type TakeCardProps = { title: Segment[]; entityName: string; art: EntityArt; author: string; likePct: number | null };

/** A take's card with its title drawn ahead when it has emoji; for renderPng, which runs it in a render slot. */
export async function takeCard(props: TakeCardProps): Promise<ReactElement> {
  return <TakeCardImage {...props} drawnTitle={await drawRichText(props.title, TAKE_TITLE_WIDTH, TAKE_TITLE)} />;
}

/** 1200×630 Open Graph card of a take: title, entity, author and like percentage. */
export function TakeCardImage({ title, entityName, art, author, likePct, drawnTitle }: TakeCardProps & { drawnTitle?: DrawnText | null }) {
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
      <div style={{ display: 'flex', flex: 1, alignItems: 'center', gap: TAKE_GAP, marginTop: 24 }}>
        <EntityTile art={art} size={TAKE_TILE} />
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1, borderLeft: `${RULE}px solid #ff7a1a`, paddingLeft: RULE_GAP }}>
          <RichText segments={title} drawn={drawnTitle} {...TAKE_TITLE} />
          <div style={{ display: 'flex', fontSize: 30, color: '#aab4c8', marginTop: 24 }}>{`${entityName} · by @${author}`}</div>
        </div>
      </div>
    </div>
  );
}

type EntityCardProps = { name: Segment[]; subtitle: string; art: EntityArt };

/** An entity's card with its name drawn ahead when it has emoji; for renderPng, which runs it in a render slot. */
export async function entityCard(props: EntityCardProps): Promise<ReactElement> {
  return <EntityCardImage {...props} drawnName={await drawRichText(props.name, ENTITY_NAME_WIDTH, ENTITY_NAME)} />;
}

/** 1200×630 card of a player, team, topic or profile. */
export function EntityCardImage({ name, subtitle, art, drawnName }: EntityCardProps & { drawnName?: DrawnText | null }) {
  return (
    <div style={frame}>
      <Logo size={44} />
      <div style={{ display: 'flex', flex: 1, alignItems: 'center', gap: ENTITY_GAP }}>
        <EntityTile art={art} size={ENTITY_TILE} />
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
          <RichText segments={name} drawn={drawnName} {...ENTITY_NAME} />
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

/** 1200×630 card of a fan's record of calls: hits and misses, hit rate, and their Brier score beside the crowd's. */
export function RecordCardImage({ username, line, details }: { username: string; line: string; details: string[] }) {
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
        <div style={{ display: 'flex', fontSize: 44, color: '#aab4c8', fontWeight: 700 }}>{`@${username}'s record`}</div>
        <div style={{ display: 'flex', fontSize: 150, fontWeight: 800, lineHeight: 1.05 }}>{line}</div>
        {details.map((detail) => (
          <div key={detail} style={{ display: 'flex', fontSize: 36, color: '#ff9a4d', marginTop: 8 }}>
            {detail}
          </div>
        ))}
      </div>
    </div>
  );
}
