'use client';

import { createContext, useCallback, useContext, useMemo, useState } from 'react';

/**
 * A focus the modal opens with already chosen: a game page's "Post a take on this game", or a game's, a player's or a
 * team's "Make a call" (`call`: the call form open from the start).
 */
export type PresetFocus = {
  type: 'game' | 'player' | 'team';
  id: number;
  label: string;
  matchup?: { away: number; home: number };
  call?: boolean;
};

type CreateTakeContextValue = {
  /** Whether the Create New Take modal should be showing; the modal reads this and calls closeCreateTake. */
  isOpen: boolean;
  /** The focus this opening starts with, if any. */
  preset: PresetFocus | null;
  openCreateTake(preset?: PresetFocus): void;
  closeCreateTake(): void;
};

const CreateTakeContext = createContext<CreateTakeContextValue | null>(null);

/** Lets the shell's Create + button open the Create New Take modal wherever that modal is rendered. */
export function CreateTakeProvider({ children }: { children: React.ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [preset, setPreset] = useState<PresetFocus | null>(null);
  const openCreateTake = useCallback((focus?: PresetFocus) => {
    setPreset(focus ?? null);
    setIsOpen(true);
  }, []);
  const closeCreateTake = useCallback(() => setIsOpen(false), []);
  const value = useMemo(() => ({ isOpen, preset, openCreateTake, closeCreateTake }), [isOpen, preset, openCreateTake, closeCreateTake]);
  return <CreateTakeContext.Provider value={value}>{children}</CreateTakeContext.Provider>;
}

export function useCreateTake(): CreateTakeContextValue {
  const value = useContext(CreateTakeContext);
  if (!value) throw new Error('useCreateTake must be used inside <CreateTakeProvider>');
  return value;
}
