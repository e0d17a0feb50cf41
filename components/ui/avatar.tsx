'use client';

import Image from 'next/image';
import { useState } from 'react';
import { profilePictureSrc } from '@/lib/client/profile-picture';
import { UserIcon } from './icons';
import styles from './avatar.module.css';

type AvatarProps = { url: string | null | undefined; size: number; className?: string };

/**
 * A round profile picture, falling back to a neutral placeholder when there is
 * none or it fails to load (spec §8). Decorative: its control or caption names the person.
 */
export function Avatar({ url, size, className }: AvatarProps) {
  const src = profilePictureSrc(url);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = [styles.avatar, className].filter(Boolean).join(' ');
  if (!src || failedSrc === src) {
    return (
      <span className={`${classes} ${styles.placeholder}`} style={{ width: size, height: size }}>
        <UserIcon size={Math.round(size * 0.6)} />
      </span>
    );
  }
  // Pictures live on a storage host (or are local previews), so Next's optimiser is bypassed.
  return (
    <Image
      className={classes}
      src={src}
      alt=""
      width={size}
      height={size}
      unoptimized
      onError={() => setFailedSrc(src)}
    />
  );
}
