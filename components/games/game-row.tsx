import Link from 'next/link';
import { EntityImage } from '@/components/entity/entity-image';
import { CommentIcon } from '@/components/ui/icons/comment';
import type { GameDTO, GameTeam } from '@/lib/validation/games';
import { statusLabel, winner } from './game-status';
import statusStyles from './game-status.module.css';
import styles from './slate.module.css';

function Side({ team, score, won, home }: { team: GameTeam; score: number | null; won: boolean; home?: boolean }) {
  return (
    <div className={styles.side}>
      <EntityImage type="team" id={team.id} alt="" size={30} />
      <span className={styles.teamName}>
        {/* The home team reads "@ Lakers", as a schedule writes it, and as the link's name says it (screen readers read "at"). */}
        {home && <span className={styles.homeMark}>@</span>}
        <span className={styles.nickname}>{team.nickname}</span>
      </span>
      {score !== null && <span className={won ? `${styles.score} ${styles.won}` : styles.score}>{score}</span>}
    </div>
  );
}

/**
 * One game of a slate, a link to its thread: both teams with their scores, its status, and how many takes it has.
 * The link is named by what it shows ("Celtics 101 @ Lakers 99 Final 2 takes"), so a fan who says what they see to
 * voice control reaches it (WCAG 2.5.3).
 */
export function GameRow({ game, zone }: { game: GameDTO; zone: string }) {
  const won = winner(game);
  return (
    <Link href={`/games/${game.id}`} className={styles.game} prefetch={false}>
      <div className={styles.sides}>
        <Side team={game.away} score={game.awayScore} won={won === 'away'} />
        <Side team={game.home} score={game.homeScore} won={won === 'home'} home />
      </div>
      <div className={styles.meta}>
        <span className={game.status === 'live' ? `${statusStyles.status} ${statusStyles.live}` : statusStyles.status}>
          {statusLabel(game, zone)}
        </span>
        <span className={styles.takes}>
          <CommentIcon size={15} />
          {game.takes === 1 ? '1 take' : `${game.takes} takes`}
        </span>
      </div>
    </Link>
  );
}
