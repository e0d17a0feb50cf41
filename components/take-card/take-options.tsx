'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useRestrictOptions } from '@/components/shared/use-restrict-options';
import { useRemoveCard } from './card-frame';
import { TakeOptionsMenu } from './take-options-menu';
import { useSaveOptions } from './use-save-options';

// Dialogs open on a tap: their code loads then, not with the page.
const DeleteTakeModal = dynamic(() => import('./delete-take-modal').then((m) => m.DeleteTakeModal));
const ReportTakeModal = dynamic(() => import('./report-take-modal').then((m) => m.ReportTakeModal));

export type TakeOptionsProps = {
  takeId: string;
  author: { _id: string; username: string };
  goHomeAfterDelete: boolean;
  /** The take carries a call not settled yet: "Tell me when it settles" is offered. */
  callOpen?: boolean;
};

/**
 * The card's ⋯ menu: Save (and "Tell me when it settles" on a take with an open call) for signed-in fans, Delete
 * Post for the author only (docs/product.md#validation), Report, and Mute and Block for other signed-in fans (the
 * card then leaves, as after a delete).
 */
export function TakeOptions({
  takeId,
  author,
  goHomeAfterDelete,
  callOpen = false,
  initiallyOpen,
}: TakeOptionsProps & { initiallyOpen?: boolean }) {
  const { user } = useAuth();
  const router = useRouter();
  const removeCard = useRemoveCard();
  const authorId = author._id;
  // A dialog stays mounted once opened, for its closing transition.
  const [dialog, setDialog] = useState<{ kind: 'delete' | 'report'; open: boolean } | null>(null);
  const isAuthor = Boolean(user && authorId && user._id === authorId);
  const close = () => setDialog((d) => d && { ...d, open: false });

  const saves = useSaveOptions(takeId, callOpen);
  const options = [
    ...saves,
    ...(isAuthor ? [{ label: 'Delete Post', danger: true, onSelect: () => setDialog({ kind: 'delete', open: true }) }] : []),
    { label: 'Report', onSelect: () => setDialog({ kind: 'report', open: true }) },
  ];

  const onDeleted = () => {
    removeCard();
    if (goHomeAfterDelete) router.replace('/');
  };
  const restrictions = useRestrictOptions(author, onDeleted);

  return (
    <>
      <TakeOptionsMenu options={[...options, ...restrictions.options]} initiallyOpen={initiallyOpen} />
      {dialog?.kind === 'delete' && isAuthor && (
        <DeleteTakeModal open={dialog.open} onClose={close} takeId={takeId} onDeleted={onDeleted} />
      )}
      {dialog?.kind === 'report' && <ReportTakeModal open={dialog.open} onClose={close} takeId={takeId} />}
      {restrictions.dialog}
    </>
  );
}
