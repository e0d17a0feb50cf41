import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EntityScreen } from '@/app/_screens/entity-screen';
import { readEntityView, type EntityView } from '@/components/entity/entity-view';
import { followStateFor, loadEntityTakes } from '@/lib/data/discovery/entity-takes';
import { FollowEntityButton } from '@/components/entity/follow-entity-button';
import { MakeCallButton } from '@/components/create-take/make-call-button';
import { getViewer } from '@/app/_lib/viewer';
import type { SearchParams } from '@/components/shared/filter-query';
import { findTeam } from '@/lib/data/discovery/entity-lookups';
import { entityHref } from '@/lib/league/entities';
import { entityMetadata, NOT_FOUND_METADATA } from '@/lib/site/seo';

// Also serves /teams/{teamID} (docs/product.md#screens lists both shapes); the canonical link is always /teams/nba/{id}.
type Props = { params: Promise<{ teamID: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { teamID } = await params;
  const team = await findTeam(teamID).catch(() => undefined);
  if (team === null) return NOT_FOUND_METADATA;
  const id = team?.id ?? teamID;
  return entityMetadata('team', id, team?.name ?? 'Unknown Team', entityHref('team', id));
}

async function load(teamID: string, view: EntityView) {
  const team = await findTeam(teamID);
  if (!team) return null;
  const viewer = (await getViewer())?.user._id ?? null;
  const [takes, follow] = await Promise.all([loadEntityTakes('team', team.id, view, viewer), followStateFor('team', team.id, viewer)]);
  return { team, takes, follow };
}

export default async function TeamPage({ params, searchParams }: Props) {
  const { teamID } = await params;
  const view = readEntityView(await searchParams);
  // A failed read reaches error.tsx, which shows the text of docs/product.md#messages with Retry.
  const loaded = await load(teamID, view);
  if (!loaded) notFound();

  const { team, takes, follow } = loaded;
  return (
    <EntityScreen
      type="team"
      id={team.id}
      name={team.name || 'Unknown Team'}
      accent={team.primaryColor}
      path={entityHref('team', team.id)}
      view={view}
      result={takes}
      follow={<FollowEntityButton type="team" id={team.id} name={team.name} rendered={follow} />}
      call={<MakeCallButton focus={{ type: 'team', id: team.id, label: team.name }} />}
    />
  );
}
