'use client';

import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { ApiError } from '@/lib/client/api';
import { getFanFilters } from '@/lib/client/filters';
import type { FanFiltersAnswer } from '@/lib/validation/filters';
import type { FilterChange } from './filter-change';
import { MuteSettings } from './mute-settings';
import { ShieldSettings } from './shield-settings';
import type { TeamOption } from './favorite-team-picker';
import styles from './account-settings.module.css';

/**
 * The fan's own filters on the account page (docs/product.md#filters): muted words, players and teams, and the
 * spoiler shield. Read with their token once; every change answers the filters as they now stand, which replace
 * what is shown, and says what happened in a status line a screen reader announces.
 */
export function FanFilterSettings({ teams }: { teams: TeamOption[] }) {
  const { getToken } = useAuth();
  const { data, failed, load } = useSignedInAnswer(getFanFilters, 'Could not load your filters');
  const [changed, setChanged] = useState<FanFiltersAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const filters = changed ?? data;

  const change: FilterChange = async (call, done) => {
    setBusy(true);
    setStatus(null);
    try {
      setChanged(await call(await getToken()));
      setStatus({ text: done, error: false });
      return true;
    } catch (error) {
      setStatus({ text: error instanceof ApiError ? error.message : 'Could not save that. Please try again.', error: true });
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!filters) {
    return failed ? (
      <p className={styles.error} role="alert">
        Could not load your mutes and spoiler shield.{' '}
        <button type="button" className={styles.linkButton} onClick={() => void load()}>
          Try again
        </button>
      </p>
    ) : (
      <p className={styles.hint}>Loading...</p>
    );
  }
  const statusLine = (
    <p className={status?.error ? styles.error : styles.saved} role="status">
      {status?.text}
    </p>
  );
  return (
    <>
      <MuteSettings mutes={filters.mutes} busy={busy} change={change} status={statusLine} />
      <ShieldSettings filters={filters} teams={teams} busy={busy} change={change} />
    </>
  );
}
