'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { listLeagueTeams } from '@/lib/client/league';
import { ChangesPanel } from './changes-panel';
import { GamesPanel } from './games-panel';
import { ImportPanel } from './import-panel';
import { PlayersPanel } from './players-panel';
import { TeamsPanel } from './teams-panel';
import { TopicsPanel } from './topics-panel';
import styles from './league.module.css';

const TABS = [
  { id: 'players', label: 'Players' },
  { id: 'teams', label: 'Teams' },
  { id: 'topics', label: 'Topics' },
  { id: 'games', label: 'Games' },
  { id: 'import', label: 'Import' },
  { id: 'log', label: 'Log' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * The league console (administrators only, docs/league-data.md#the-console): players (find, edit, trade from a day,
 * sign, mark inactive), teams, topics, the schedule and its scores, imports, and the audit log of every change. Each
 * change is one call of lib/client/league.ts; the server checks it and says what is wrong.
 */
export function LeagueConsole() {
  const [tab, setTab] = useState<Tab>('players');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const teams = useSignedInAnswer(listLeagueTeams, 'Could not load the teams');

  // Arrow keys move between tabs, as a tab list's do (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : step ? (at + step + TABS.length) % TABS.length : -1;
    if (to < 0) return;
    event.preventDefault();
    setTab(TABS[to]!.id);
    tabs.current[to]?.focus();
  };

  const reloadTeams = useCallback(() => void teams.load(), [teams]);
  useEffect(() => {
    document.title = 'League console · Takes';
  }, []);

  return (
    <main className={styles.page}>
      <header className={styles.hero}>
        <div>
          <h1 className={styles.heroTitle}>League console</h1>
          <p className={styles.heroLead}>Players, teams, topics and the schedule. Every change is logged.</p>
        </div>
        <Link href="/moderation" className={styles.back}>
          Moderation queue
        </Link>
      </header>
      <div role="tablist" aria-label="League data" className={styles.tabs} onKeyDown={onKeyDown}>
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`league-tab-${t.id}`}
            aria-selected={tab === t.id}
            // One panel is rendered, the selected tab's: the others name none until they are chosen.
            aria-controls={tab === t.id ? `league-panel-${t.id}` : undefined}
            tabIndex={tab === t.id ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`league-panel-${tab}`} aria-labelledby={`league-tab-${tab}`}>
        {teams.failed && (
          <div className={styles.error} role="alert">
            Could not load the teams.{' '}
            <button type="button" className="button-link" onClick={reloadTeams}>
              Try again
            </button>
          </div>
        )}
        {!teams.data && !teams.failed && <p className={styles.status}>Loading...</p>}
        {teams.data && tab === 'players' && <PlayersPanel teams={teams.data} />}
        {teams.data && tab === 'teams' && <TeamsPanel teams={teams.data} onChanged={reloadTeams} />}
        {tab === 'topics' && <TopicsPanel />}
        {teams.data && tab === 'games' && <GamesPanel teams={teams.data} />}
        {tab === 'import' && <ImportPanel onApplied={reloadTeams} />}
        {tab === 'log' && <ChangesPanel />}
      </section>
    </main>
  );
}
