'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { takeToast } from '@/components/shared/take-toast';
import { fetchAccountExport } from '@/lib/client/account';
import { asksToSignInAgain, errorText } from '@/lib/client/api';
import { signInAgainHref } from '@/lib/client/sign-in-again';
import { SettingsSection } from './settings-section';
import { Button } from '@/components/ui/button';

const FALLBACK_NAME = 'takes-data.json';

/** The file name the server gave in Content-Disposition. */
function fileName(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? FALLBACK_NAME;
}

/**
 * "Download my data": the whole of it as one JSON file. The API answers with a
 * bearer token, so the browser fetches it and saves it, rather than following a link.
 */
export function DownloadData() {
  const router = useRouter();
  const { getToken } = useAuth();
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const token = await getToken();
      const response = await fetchAccountExport(token);
      if (asksToSignInAgain(response)) {
        // The data leaves only for a recent sign-in: the fan signs in again and comes back to download it.
        takeToast.error(errorText(await response.json().catch(() => null)) ?? 'Please sign in again to download your data.');
        router.push(signInAgainHref('/account'));
        return;
      }
      if (!response.ok) {
        throw new Error(errorText(await response.json().catch(() => null)) ?? 'Could not prepare your data. Please try again.');
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(response);
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      takeToast.error(error instanceof Error && error.message ? error.message : 'Could not prepare your data. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection
      id="data-title"
      title="Your data"
      hint="One JSON file with your profile, takes, comments (hidden ones too), reactions, favorites, follows, receipt votes, notifications, blocks and reports. You may be asked to sign in again first."
    >
      <Button type="button" variant="secondary" onClick={() => void download()} disabled={pending}>
        {pending ? 'Preparing...' : 'Download my data'}
      </Button>
    </SettingsSection>
  );
}
