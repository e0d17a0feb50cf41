import styles from './fan-split.module.css';

/**
 * "Celtics fans 18% · everyone 64%": how the take's own team's fans rate it
 * beside everyone. `everyone` comes from the card's live counts, so it moves
 * with the reader's own like; the team's image is rendered on the server.
 */
export function FanSplit({
  teamName,
  fans,
  everyone,
  image,
}: {
  teamName: string;
  fans: number;
  everyone: number;
  image: React.ReactNode;
}) {
  return (
    <p className={styles.fanSplit}>
      {image}
      <span>
        <strong>
          {teamName} fans {fans}%
        </strong>{' '}
        · everyone {everyone}%
      </span>
    </p>
  );
}
