'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { useRemoveCard } from './card-frame';
import { TakeOptionsMenu } from './take-options-menu';

// Dialogs open on a tap: their code loads then, not with the page.
const DeleteTakeModal = dynamic(() => import('./delete-take-modal').then((m) => m.DeleteTakeModal));
const ReportTakeModal = dynamic(() => import('./report-take-modal').then((m) => m.ReportTakeModal));

type TakeOptionsProps = { takeId: string; authorId: string; goHomeAfterDelete: boolean };

/** The card's ⋯ menu: Delete Post for the author only (spec §5), and Report. */
export function TakeOptions({ takeId, authorId, goHomeAfterDelete }: TakeOptionsProps) {
  const { user } = useAuth();
  const router = useRouter();
  const removeCard = useRemoveCard();
  // A dialog stays mounted once opened, for its closing transition.
  const [dialog, setDialog] = useState<{ kind: 'delete' | 'report'; open: boolean } | null>(null);
  const isAuthor = Boolean(user && authorId && user._id === authorId);
  const close = () => setDialog((d) => d && { ...d, open: false });

  const options = [
    ...(isAuthor ? [{ label: 'Delete Post', danger: true, onSelect: () => setDialog({ kind: 'delete', open: true }) }] : []),
    { label: 'Report', onSelect: () => setDialog({ kind: 'report', open: true }) },
  ];

  const onDeleted = () => {
    removeCard();
    if (goHomeAfterDelete) router.replace('/');
  };

  return (
    <>
      <TakeOptionsMenu options={options} />
      {dialog?.kind === 'delete' && isAuthor && <DeleteTakeModal open={dialog.open} onClose={close} takeId={takeId} onDeleted={onDeleted} />}
      {dialog?.kind === 'report' && <ReportTakeModal open={dialog.open} onClose={close} takeId={takeId} />}
    </>
  );
}
