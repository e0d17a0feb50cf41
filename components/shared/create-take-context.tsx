'use client';

import { createContext, useCallback, useContext, useMemo, useState } from 'react';

type CreateTakeContextValue = {
  /** Whether the Create New Take modal should be showing; the modal reads this and calls closeCreateTake. */
  isOpen: boolean;
  openCreateTake(): void;
  closeCreateTake(): void;
};

const CreateTakeContext = createContext<CreateTakeContextValue | null>(null);

/** Lets the shell's Create + button open the Create New Take modal wherever that modal is rendered. */
export function CreateTakeProvider({ children }: { children: React.ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const openCreateTake = useCallback(() => setIsOpen(true), []);
  const closeCreateTake = useCallback(() => setIsOpen(false), []);
  const value = useMemo(() => ({ isOpen, openCreateTake, closeCreateTake }), [isOpen, openCreateTake, closeCreateTake]);
  return <CreateTakeContext.Provider value={value}>{children}</CreateTakeContext.Provider>;
}

export function useCreateTake(): CreateTakeContextValue {
  const value = useContext(CreateTakeContext);
  if (!value) throw new Error('useCreateTake must be used inside <CreateTakeProvider>');
  return value;
}
