'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { Dialog } from '@/components/ui/dialog';
import { CloseIcon } from '@/components/ui/icons/close';
import { SearchIcon } from '@/components/ui/icons/search';
import { isAbortError } from '@/lib/client/api';
import { cachedSearch, search, searchKey, type SearchEntity, type SearchResults } from '@/lib/client/search';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { entityHref, entityImageUrl } from '@/lib/league/entities';
import { Highlight } from './highlight';
import styles from './search-overlay.module.css';

type SearchOverlayProps = { open: boolean; onClose(): void };

export function SearchOverlay({ open, onClose }: SearchOverlayProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog open={open} onClose={onClose} title="Search" hideHeader placement="top" initialFocusRef={inputRef}>
      {/* Inside the modal, so the query starts empty each time the overlay opens. */}
      <SearchPanel inputRef={inputRef} onClose={onClose} />
    </Dialog>
  );
}

function SearchPanel({ inputRef, onClose }: { inputRef: React.RefObject<HTMLInputElement | null>; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [latest, setLatest] = useState<{ key: string; results: SearchResults } | null>(null);
  const { user, getToken } = useAuth();
  const viewerId = user?._id ?? null;
  const key = searchKey(query);

  useEffect(() => {
    if (!key || cachedSearch(key, viewerId ? { id: viewerId, token: null } : null)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      const searcher = viewerId ? { id: viewerId, token: await getToken() } : null;
      search(key, controller.signal, searcher)
        .then((results) => setLatest({ key, results }))
        .catch((error: unknown) => {
          if (!isAbortError(error)) console.error('Search failed', error);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, viewerId, getToken]);

  const current = key
    ? (cachedSearch(key, viewerId ? { id: viewerId, token: null } : null) ?? (latest?.key === key ? latest.results : undefined))
    : undefined;
  // While the next answer is on its way the previous one stays, dimmed, so the list does not flicker.
  const shown = key ? (current ?? latest?.results) : undefined;
  const pending = Boolean(key) && !current;
  const empty = current && current.takes.length + current.players.length + current.teams.length === 0;

  return (
    <div className={styles.panel}>
      <div className={styles.bar}>
        <SearchIcon size={20} className={styles.barIcon} />
        <input
          ref={inputRef}
          type="search"
          className={styles.input}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search players, teams, takes..."
          aria-label="Search players, teams, takes"
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close search">
          <CloseIcon size={20} />
        </button>
      </div>

      {key && (
        <div className={styles.results} aria-busy={pending} data-pending={pending || undefined}>
          {empty ? (
            <p className={styles.empty} role="status">
              No results found
            </p>
          ) : (
            shown && (
              <>
                <ResultGroup
                  label="Take"
                  items={shown.takes.map((t) => ({ key: t._id, href: `/takes/${t._id}`, name: t.title }))}
                  query={key}
                  onPick={onClose}
                />
                <EntityGroup label="Player" type="player" items={shown.players} query={key} onPick={onClose} />
                <EntityGroup label="Team" type="team" items={shown.teams} query={key} onPick={onClose} />
              </>
            )
          )}
        </div>
      )}
    </div>
  );
}

type Row = { key: string; href: string; name: string; image?: string };
type GroupProps = { label: string; items: Row[]; query: string; onPick(): void };

function ResultGroup({ label, items, query, onPick }: GroupProps) {
  if (items.length === 0) return null;
  return (
    <section className={styles.group} aria-label={label}>
      <h3 className={styles.groupLabel}>{label}</h3>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key}>
            <Link href={item.href} className={styles.result} onClick={onPick}>
              {item.image && <Image src={item.image} alt="" width={32} height={32} className={styles.thumb} unoptimized />}
              <span className={styles.name}>
                <Highlight text={item.name} query={query} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EntityGroup({ type, items, ...rest }: Omit<GroupProps, 'items'> & { type: 'player' | 'team'; items: SearchEntity[] }) {
  const rows = items.map((e) => ({
    key: String(e.id),
    href: entityHref(type, e.id),
    name: e.name,
    image: entityImageUrl(type, e.id),
  }));
  return <ResultGroup items={rows} {...rest} />;
}
