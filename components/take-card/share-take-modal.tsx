'use client';

import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { Dialog } from '@/components/ui/dialog';
import { DownloadIcon } from '@/components/ui/icons/download';
import { LinkIcon } from '@/components/ui/icons/link';
import type { Counts } from '@/components/shared/use-reaction';
import { fetchShareImage } from '@/lib/client/takes';
import { postUserAction } from '@/lib/client/user-actions';
import { SHARE_POPUP_CLOSE_MS } from '@/lib/constants';
import { errorMessage, takeToast } from '@/components/shared/take-toast';
import styles from './take-dialogs.module.css';

type ShareTakeModalProps = {
  open: boolean;
  onClose(): void;
  takeId: string;
  onShared(counts: Counts): void;
};

/** Starts a download of `blob` under `filename` without leaving the page. */
function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download manager; the URL is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Share Post: save the take as an image or copy its link (docs/product.md#screens); closes 1 s after either succeeds. */
export function ShareTakeModal({ open, onClose, takeId, onShared }: ShareTakeModalProps) {
  const { status: authStatus, getToken } = useAuth();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => {
    window.clearTimeout(closeTimer.current);
    setStatus(null);
    onClose();
  };

  // Visitors may share too (docs/product.md#roles); only a signed-in share is counted.
  const recordShare = async () => {
    const token = authStatus === 'signed-in' ? await getToken() : null;
    if (!token) return;
    try {
      onShared(await postUserAction({ actionType: 'share', postID: takeId }, token));
    } catch (error) {
      takeToast.error(errorMessage(error, 'Could not record the share.'));
    }
  };

  const succeed = (message: string) => {
    setStatus(message);
    void recordShare();
    closeTimer.current = window.setTimeout(close, SHARE_POPUP_CLOSE_MS);
  };

  const run = async (working: string, action: () => Promise<string>, failure: string) => {
    setBusy(true);
    setStatus(working);
    try {
      succeed(await action());
    } catch (error) {
      console.error(failure, error);
      setStatus(failure);
    } finally {
      setBusy(false);
    }
  };

  const saveImage = () =>
    run(
      'Saving image...',
      async () => {
        download(await fetchShareImage(takeId), `take-${takeId}-${Date.now()}.png`);
        return 'Image saved!';
      },
      'Error saving image.',
    );

  const copyLink = () =>
    run(
      'Copying link...',
      async () => {
        await navigator.clipboard.writeText(`${window.location.origin}/takes/${takeId}`);
        return 'Link copied to clipboard!';
      },
      'Error copying link.',
    );

  return (
    <Dialog open={open} onClose={close} title="Share Post">
      <div className={styles.shareOptions}>
        <button type="button" className={styles.shareOption} onClick={saveImage} disabled={busy}>
          <DownloadIcon size={22} />
          Save Image
        </button>
        <button type="button" className={styles.shareOption} onClick={copyLink} disabled={busy}>
          <LinkIcon size={22} />
          Copy Link
        </button>
      </div>
      <p className={styles.status} role="status">
        {status}
      </p>
    </Dialog>
  );
}
