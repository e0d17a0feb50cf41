import Link from 'next/link';
import { EntityImage } from '@/components/entity/entity-image';
import { entityHref } from '@/lib/league/entities';
import type { DivisiveTeam } from '@/lib/validation/takes';
import styles from './divisive-teams.module.css';

/** Trending's divisive view: teams whose own fans rate their takes furthest from everyone, this week. */
export function DivisiveTeams({ teams }: { teams: DivisiveTeam[] }) {
  return (
    <>
      <p className={styles.caption}>Teams whose own fans disagree most with everyone else about takes on them, this week.</p>
      {teams.length === 0 ? (
        <p className={styles.empty}>Not enough fans have reacted to takes about their team this week.</p>
      ) : (
        <ol className={styles.list}>
          {teams.map((team, index) => (
            <li key={team.team}>
              <Link href={entityHref('team', team.team)} className={styles.row} prefetch={false}>
                <span className={styles.rank} aria-hidden="true">
                  {index + 1}
                </span>
                <EntityImage type="team" id={team.team} alt="" size={40} className={styles.image} />
                <span className={styles.name}>{team.name}</span>
                <span className={styles.split}>
                  <strong>
                    {team.teamName} fans {team.fans}%
                  </strong>{' '}
                  · everyone {team.everyone}%
                </span>
                <span className={styles.bars} aria-hidden="true">
                  <span className={styles.track}>
                    <span className={styles.fans} style={{ width: `${team.fans}%` }} />
                  </span>
                  <span className={styles.track}>
                    <span className={styles.everyone} style={{ width: `${team.everyone}%` }} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
