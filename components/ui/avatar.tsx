import { profilePictureSrc } from '@/lib/client/profile-picture';
import { UserIcon } from './icons/user';
import styles from './avatar.module.css';

type AvatarProps = { url: string | null | undefined; size: number; className?: string };

/**
 * A round profile picture over a neutral placeholder, which shows when there
 * is none or it fails to load (docs/product.md#messages): a picture that fails draws nothing
 * (its alt is empty), so the placeholder beneath is what remains. No state and
 * no script, so pages render it on the server. Decorative: its control or
 * caption names the person.
 */
export function Avatar({ url, size, className }: AvatarProps) {
  const src = profilePictureSrc(url);
  return (
    <span className={[styles.avatar, className].filter(Boolean).join(' ')} style={{ width: size, height: size }}>
      <UserIcon size={Math.round(size * 0.6)} />
      {/* Pictures live on a storage host (or are local previews): nothing for Next's optimiser to do. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- a plain image, so the avatar needs no client code */}
      {src && <img key={src} className={styles.picture} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />}
    </span>
  );
}
