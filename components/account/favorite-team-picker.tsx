'use client';

import { useId, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { ApiError } from '@/lib/client/api';
import { setFavoriteTeam, setShowFlair } from '@/lib/client/users';
import styles from './account-settings.module.css';
import { Select } from '@/components/ui/input';

export type TeamOption = { id: number; name: string };

/**
 * The favourite team, saved as soon as it is chosen. It decides which fan-base
 * split a reaction counts toward; reactions already made keep the team they
 * were made with. It also shows as a badge beside the fan's name on their
 * takes, comments and profile, unless they switch that off here.
 */
export function FavoriteTeamPicker({ teams }: { teams: TeamOption[] }) {
  const id = useId();
  const { user, getToken, refreshUser } = useAuth();
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const [flairShown, setFlairShown] = useState<boolean | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  if (!user) return null;
  const value = chosen === undefined ? user.favoriteTeam : chosen;
  const showFlair = flairShown ?? user.showFlair;

  const saveFlair = async (show: boolean) => {
    setFlairShown(show);
    setSaving(true);
    setStatus(null);
    try {
      const token = await getToken();
      if (!token) throw new ApiError(401, 'Please sign in and try again.');
      await setShowFlair(user._id, show, token);
      await refreshUser();
      setStatus({ text: show ? 'Your team badge shows beside your name.' : 'Your team badge is hidden.', error: false });
    } catch (error) {
      setFlairShown(!show);
      setStatus({ text: error instanceof ApiError ? error.message : 'Could not save your badge. Please try again.', error: true });
    } finally {
      setSaving(false);
    }
  };

  const save = async (team: number | null) => {
    const before = value;
    setChosen(team);
    setSaving(true);
    setStatus(null);
    try {
      const token = await getToken();
      if (!token) throw new ApiError(401, 'Please sign in and try again.');
      await setFavoriteTeam(user._id, team, token);
      await refreshUser();
      setStatus({ text: team === null ? 'Favorite team cleared.' : 'Favorite team saved.', error: false });
    } catch (error) {
      setChosen(before);
      setStatus({ text: error instanceof ApiError ? error.message : 'Could not save your team. Please try again.', error: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.team}>
      <label htmlFor={id} className={styles.teamLabel}>
        Favorite team
      </label>
      <Select
        id={id}
        value={value ?? ''}
        disabled={saving}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void save(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">No favorite team</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className={styles.hint}>
        Your reactions to takes about your team count toward its fans&apos; split.
      </p>
      <label className={styles.flairSwitch}>
        <input
          type="checkbox"
          checked={showFlair}
          disabled={saving || value === null}
          onChange={(event) => void saveFlair(event.target.checked)}
        />
        <span>Show my team&apos;s badge beside my name</span>
      </label>
      <p className={status?.error ? styles.error : styles.saved} role="status">
        {status?.text}
      </p>
    </div>
  );
}
