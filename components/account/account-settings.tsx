'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { Avatar } from '@/components/ui/avatar';
import { CameraIcon } from '@/components/ui/icons/camera';
import { toastIfRateLimited } from '@/lib/client/rate-limit-toast';
import { uploadProfilePicture } from '@/lib/client/users';
import { PROFILE_PICTURE_PX } from '@/lib/constants';
import { BlockedFans } from './blocked-fans';
import { DeleteAccount } from './delete-account';
import { DownloadData } from './download-data';
import { EmailVerification } from './email-verification';
import { FanFilterSettings } from './fan-filter-settings';
import { FavoriteTeamPicker, type TeamOption } from './favorite-team-picker';
import styles from './account-settings.module.css';
import { Button } from '@/components/ui/button';

type Preview = { file: File; url: string };

export function AccountSettings({ teams }: { teams: TeamOption[] }) {
  const router = useRouter();
  const { status, user, firebaseUser, getToken, refreshUser, signOut } = useAuth();
  const fileInput = useRef<HTMLInputElement>(null);
  const signingOut = useRef(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => {
    if (status === 'signed-out' && !signingOut.current) router.replace('/sign-in');
  }, [status, router]);

  // Each preview's object URL is released when it is replaced or the page goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview.url) : undefined), [preview]);

  if (status !== 'signed-in' || !user) {
    return (
      <p className={styles.loading} role="status">
        Loading...
      </p>
    );
  }

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setFileError('Please choose an image file.');
      return;
    }
    setFileError(null);
    setPreview({ file, url: URL.createObjectURL(file) });
  };

  const onUpload = async () => {
    if (!preview) return;
    const token = await getToken();
    if (!token) {
      router.replace('/sign-in');
      return;
    }
    setUploading(true);
    const body = new FormData();
    body.append('file', preview.file);
    body.append('userId', user._id);
    try {
      const answer = await uploadProfilePicture(body, token);
      setUploadedUrl(answer.profilePictureUrl);
      setPreview(null);
      await refreshUser();
    } catch (error) {
      // docs/product.md#messages: upload errors are only logged; the preview and Upload stay so it can be retried.
      if (!toastIfRateLimited(error)) console.error('Profile picture upload failed', error);
    } finally {
      setUploading(false);
    }
  };

  const onSignOut = async () => {
    signingOut.current = true;
    try {
      await signOut();
      router.push('/');
    } catch (error) {
      signingOut.current = false;
      console.error('Sign-out failed', error);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="account-title">
      <h1 id="account-title" className={styles.title}>
        Account Settings
      </h1>

      <div className={styles.picture}>
        <button
          type="button"
          className={styles.pictureButton}
          onClick={() => fileInput.current?.click()}
          aria-label="Choose a new profile picture"
        >
          <Avatar url={preview?.url ?? uploadedUrl ?? user.profilePictureUrl} size={PROFILE_PICTURE_PX} />
          <span className={styles.badge} aria-hidden="true">
            <CameraIcon size={18} />
          </span>
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          onChange={onChoose}
          aria-hidden="true"
        />
        <p className={styles.hint}>{preview ? 'Preview of your new picture' : 'Tap the picture to choose a new one'}</p>
        {fileError && (
          <p className={styles.error} role="alert">
            {fileError}
          </p>
        )}
        {preview && (
          <Button type="button" variant="primary" onClick={onUpload} disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload'}
          </Button>
        )}
      </div>

      <dl className={styles.details}>
        <div>
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        {firebaseUser?.email && (
          <div>
            <dt>Email</dt>
            <dd>
              {firebaseUser.email}
              {firebaseUser.emailVerified && <span className={styles.verified}>Verified</span>}
            </dd>
          </div>
        )}
      </dl>

      <p className={styles.hint}>
        <Link href="/saved">Saved takes</Link>: the takes you saved, only for you.
      </p>
      <EmailVerification />

      <FavoriteTeamPicker teams={teams} />
      <BlockedFans />
      <FanFilterSettings teams={teams} />
      <DownloadData />

      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={() => router.push(`/profile/${user._id}`)}>
          Back to profile
        </Button>
        <button type="button" className={`button button-secondary ${styles.signOut}`} onClick={onSignOut}>
          Sign out
        </button>
      </div>

      <DeleteAccount
        username={user.username}
        onDeleted={async () => {
          // The account is gone; the browser's session with it.
          signingOut.current = true;
          await signOut().catch((error: unknown) => console.error('Sign-out after deleting the account failed', error));
        }}
      />
    </section>
  );
}
