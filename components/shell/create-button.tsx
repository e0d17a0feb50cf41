'use client';

import { useAuth } from '@/components/shared/auth-provider';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { PlusIcon } from '@/components/ui/icons/plus';
import { useCreateTake } from '@/components/shared/create-take-context';
import styles from './bottom-menu.module.css';

/** The persistent Create + button (docs/product.md#screens, docs/product.md#interactions). */
export function CreateButton({ disabled }: { disabled: boolean }) {
  const { status } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const { openCreateTake } = useCreateTake();

  const onClick = () => {
    // A tap during the auth check would otherwise flash the sign-up prompt at a signed-in user.
    if (status === 'loading') return;
    if (status === 'signed-in') openCreateTake();
    else openAuthPrompt('default');
  };

  return (
    <button type="button" className={styles.create} onClick={onClick} disabled={disabled} aria-label="Create +">
      <PlusIcon size={20} strokeWidth={2.5} />
      <span aria-hidden="true">Create</span>
    </button>
  );
}
