import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { EntityScreen } from '@/app/_screens/entity-screen';
import { readEntityView, type EntityView } from '@/components/entity/entity-view';
import { followStateFor, loadEntityTakes } from '@/lib/data/discovery/entity-takes';
import { FollowEntityButton } from '@/components/entity/follow-entity-button';
import { MakeCallButton } from '@/components/create-take/make-call-button';
import { getViewer } from '@/app/_lib/viewer';
import type { SearchParams } from '@/components/shared/filter-query';
import { findPlayer } from '@/lib/data/discovery/entity-lookups';
import { getTeam } from '@/lib/data/discovery/entities';
import { entityHref } from '@/lib/league/entities';
import { formatLeagueDay, formerStints } from '@/lib/league/league';
import { entityMetadata, NOT_FOUND_METADATA } from '@/lib/site/seo';

type Props = { params: Promise<{ playerID: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { playerID } = await params;
  const player = await findPlayer(playerID).catch(() => undefined);
  if (player === null) return NOT_FOUND_METADATA;
  const id = player?.id ?? playerID;
  return entityMetadata('player', id, player?.name ?? 'Unknown Player', `/players/${id}`);
}

const POSITIONS: Record<string, string> = { G: 'Guard', F: 'Forward', C: 'Center' };
/** "G-F" reads as "Guard-Forward"; anything unexpected is shown as stored. */
const position = (code: string) =>
  code
    .split('-')
    .map((part) => POSITIONS[part] ?? part)
    .join('-');

const INACTIVE: Record<string, string> = { retired: 'Retired', waived: 'Waived', unsigned: 'Free agent' };

async function load(playerID: string, view: EntityView) {
  const player = await findPlayer(playerID);
  if (!player) return null;
  const viewer = (await getViewer())?.user._id ?? null;
  const former = formerStints(player.stints);
  const [team, formerTeams, takes, follow] = await Promise.all([
    player.teamId ? getTeam(player.teamId) : null,
    Promise.all(former.map(async (stint) => ({ stint, team: await getTeam(stint.team) }))),
    loadEntityTakes('player', player.id, view, viewer),
    followStateFor('player', player.id, viewer),
  ]);
  return { player, team, formerTeams, takes, follow };
}

export default async function PlayerPage({ params, searchParams }: Props) {
  const { playerID } = await params;
  const view = readEntityView(await searchParams);
  // A failed read reaches error.tsx, which shows the text of docs/product.md#messages with Retry.
  const loaded = await load(playerID, view);
  if (!loaded) notFound();

  const { player, team, formerTeams, takes, follow } = loaded;
  const status = INACTIVE[player.status];
  const details = (
    <>
      <p>
        {[player.position && position(player.position), player.jersey && `#${player.jersey}`, status].filter(Boolean).join(' · ')}
        {team && (
          <>
            {player.position || player.jersey ? ' · ' : ''}
            <Link href={entityHref('team', team.id)}>{team.name}</Link>
          </>
        )}
      </p>
      {formerTeams.length > 0 && (
        <p>
          Formerly{' '}
          {formerTeams.map(({ stint, team: former }, i) => (
            <span key={`${stint.team}:${stint.to?.toISOString()}`}>
              {i > 0 && ', '}
              <Link href={entityHref('team', stint.team)}>{former?.name ?? 'Unknown Team'}</Link>
              {stint.to && ` (until ${formatLeagueDay(stint.to)})`}
            </span>
          ))}
        </p>
      )}
    </>
  );
  return (
    <EntityScreen
      type="player"
      id={player.id}
      name={player.name || 'Unknown Player'}
      details={details}
      accent={team?.primaryColor}
      path={`/players/${player.id}`}
      view={view}
      result={takes}
      follow={<FollowEntityButton type="player" id={player.id} name={player.name} rendered={follow} />}
      // A player who is not active plays no games to call.
      call={status ? undefined : <MakeCallButton focus={{ type: 'player', id: player.id, label: player.name }} />}
    />
  );
}
