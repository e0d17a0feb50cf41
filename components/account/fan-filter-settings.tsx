'use client';

import { useState } from 'react';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { getFanFilters } from '@/lib/client/filters';
import type { FanFiltersAnswer } from '@/lib/validation/filters';
import { MuteRuleSettings } from './mute-rule-settings';
import { ShieldSettings } from './shield-settings';
import type { TeamOption } from './favorite-team-picker';
import styles from './account-settings.module.css';

/**
 * The fan's own filters on the account page (docs/product.md#filters): muted words, players and teams, and the
 * spoiler shield. Read with their token once; every change answers the filters as they now stand, which replace
 * what is shown.
 */
export function FanFilterSettings({ teams }: { teams: TeamOption[] }) {
  const { data, failed, load } = useSignedInAnswer(getFanFilters, 'Could not load your filters');
  const [changed, setChanged] = useState<FanFiltersAnswer | null>(null);
  const filters = changed ?? data;

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
  return (
    <>
      <MuteRuleSettings rules={filters.mutes} apply={setChanged} />
      <ShieldSettings filters={filters} teams={teams} apply={setChanged} />
    </>
  );
}
