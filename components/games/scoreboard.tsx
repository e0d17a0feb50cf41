import Link from 'next/link';
import { EntityImage } from '@/components/entity/entity-image';
import { entityHref } from '@/lib/league/entities';
import { dayIn, dayLabel, tipoffLabel } from '@/lib/games/game-day';
import type { GameDTO, GameTeam } from '@/lib/validation/games';
import { statusLabel, winner } from './game-status';
import statusStyles from './game-status.module.css';
import styles from './game-page.module.css';

function Team({ team, score, won, side }: { team: GameTeam; score: number | null; won: boolean; side: 'away' | 'home' }) {
  return (
    <div className={`${styles.boardTeam} ${side === 'home' ? styles.boardHome : ''}`}>
      <Link href={entityHref('team', team.id)} className={styles.boardLink} prefetch={false}>
        <EntityImage type="team" id={team.id} alt="" size={64} preload />
        <span className={styles.boardName}>{team.nickname}</span>
      </Link>
      <span className={styles.boardSide}>{side}</span>
      {score !== null && <span className={`${styles.boardScore} ${won ? styles.boardWon : ''}`}>{score}</span>}
    </div>
  );
}

/** A game page's header: both teams (each a link to its page), the score, the status and the tip-off in the reader's zone. */
export function Scoreboard({ game, zone }: { game: GameDTO; zone: string }) {
  const won = winner(game);
  const tipoff = new Date(game.tipoff);
  return (
    <header className={styles.board} style={{ '--away': game.away.color, '--home': game.home.color } as React.CSSProperties}>
      <h1 className="visually-hidden">
        {game.away.name} at {game.home.name}
      </h1>
      <Team team={game.away} score={game.awayScore} won={won === 'away'} side="away" />
      <div className={styles.boardMiddle} aria-live="polite">
        <span className={game.status === 'live' ? `${statusStyles.status} ${statusStyles.live}` : statusStyles.status}>
          {statusLabel(game, zone)}
        </span>
        <span className={styles.at} aria-hidden="true">
          @
        </span>
      </div>
      <Team team={game.home} score={game.homeScore} won={won === 'home'} side="home" />
      <p className={styles.boardWhen}>
        <Link href={`/games?date=${dayIn(tipoff, zone)}`}>{dayLabel(dayIn(tipoff, zone))}</Link>
        {/* Before tip-off the status says when; after it, the line does. */}
        {game.status !== 'scheduled' && ` · Tip-off ${tipoffLabel(tipoff, zone)}`}
      </p>
    </header>
  );
}
