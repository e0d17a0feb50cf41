'use client';

import { ConfirmDialog } from '@/components/modals/confirm-dialog';

type BlockDialogProps = { open: boolean; username: string; onClose(): void; onConfirm(): Promise<void> };

/** "Block fan": what a block does, then Cancel and Block. */
export function BlockDialog({ open, username, onClose, onConfirm }: BlockDialogProps) {
  return (
    <ConfirmDialog open={open} onClose={onClose} onConfirm={onConfirm} title={`Block ${username}?`} action="Block" pending="Blocking...">
      You won&apos;t see each other&apos;s takes, comments or notifications, any follow between you ends, and {username} can&apos;t follow
      you, reply to you, tag you or react to what you post. They aren&apos;t told. You can unblock them from your account page.
    </ConfirmDialog>
  );
}
