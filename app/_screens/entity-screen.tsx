import { FilterSection, type FilterControl } from '@/components/filters/filter-section';
import { LoadMoreLink } from '@/components/filters/load-more-link';
import { hrefWith } from '@/components/shared/filter-href';
import { timeOptions } from '@/components/shared/filter-query';
import { TakeList } from '@/components/take-card/take-list';
import type { EntityType } from '@/lib/league/entities';
import { viewerMarks } from '@/app/_lib/viewer';
import { EntityImage } from '@/components/entity/entity-image';
import { ENTITY_KIND } from '@/components/create-take/entity-kind';
import type { EntityTakes } from '@/lib/data/discovery/entity-takes';
import { ENTITY_VIEW_DEFAULTS, type EntityView } from '@/components/entity/entity-view';
import styles from '@/components/entity/entity-screen.module.css';

const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'likes', label: 'Most Liked' },
  { value: 'comments', label: 'Most Commented' },
];

type EntityScreenProps = {
  type: EntityType;
  id: number | string;
  name: string;
  /** A line under the name: position and team, city, or a topic's description. */
  details?: React.ReactNode;
  /** The team colour behind the header. */
  accent?: string;
  /** The page's own path, for the filter and Load More links. */
  path: string;
  view: EntityView;
  result: EntityTakes;
  /** A team's or player's Follow button (topics have none), as rendered for the reader. */
  follow?: React.ReactNode;
  /** A team's or an active player's "Make a call" (docs/product.md#calls). */
  call?: React.ReactNode;
};

/** The shared player, team and topic screen (docs/product.md#screens): header, sort menu, time filter, takes with the reader's marks. */
export async function EntityScreen({ type, id, name, details, accent, path, view, result, follow, call }: EntityScreenProps) {
  const marks = 'error' in result ? null : await viewerMarks(result.takes);
  const controls: FilterControl[] = [
    { param: 'sort', label: 'Sort', variant: 'menu', options: SORT_OPTIONS, value: view.sort, defaultValue: ENTITY_VIEW_DEFAULTS.sort },
    {
      param: 'time',
      label: 'Time',
      variant: 'chips',
      options: timeOptions(['all', '12h', '24h', 'week']),
      value: view.timeRange,
      defaultValue: ENTITY_VIEW_DEFAULTS.time,
    },
  ];

  return (
    <main className="page">
      <header className={styles.hero} style={accent ? ({ '--entity-color': accent } as React.CSSProperties) : undefined}>
        <EntityImage type={type} id={id} alt="" size={88} preload className={styles.image} />
        <div className={styles.heading}>
          <p className={styles.kind}>{ENTITY_KIND[type]}</p>
          <h1 className={styles.name}>{name}</h1>
          {details && <div className={styles.details}>{details}</div>}
        </div>
        {(follow || call) && (
          <div className={styles.follow}>
            {follow}
            {call}
          </div>
        )}
      </header>

      <section aria-labelledby="entity-takes">
        <FilterSection
          heading={
            <h2 id="entity-takes" className={styles.sectionTitle}>
              Takes
            </h2>
          }
          controls={controls}
          query={view.query}
        >
          <TakeList takes={result.takes} marks={marks} emptyText="No takes available for this player or team" />
          {result.hasMore && <LoadMoreLink href={hrefWith(path, view.query, { page: view.page + 1 })} />}
        </FilterSection>
      </section>
    </main>
  );
}
