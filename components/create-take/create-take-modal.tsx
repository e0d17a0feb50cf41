'use client';

import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useCreateTake } from '@/components/shared/create-take-context';
import { CreateTakeForm } from './create-take-form';
import styles from './create-take.module.css';

/** The Create New Take dialog, opened by Create + through the shell's context. */
export function CreateTakeModal() {
  const { isOpen, preset, closeCreateTake } = useCreateTake();
  // Each opening starts a fresh form, so closing (by any means) resets fields and error (docs/product.md#interactions).
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setSession((n) => n + 1);
  }

  return (
    <Dialog open={isOpen} onClose={closeCreateTake} title="Create New Take" className={styles.dialog}>
      <CreateTakeForm
        key={session}
        onDone={closeCreateTake}
        preset={
          preset && {
            value: preset.id,
            label: preset.label,
            entityType: preset.type,
            ...(preset.matchup ? { matchup: preset.matchup } : {}),
          }
        }
        withCall={preset?.call ?? false}
      />
    </Dialog>
  );
}
