import { useState } from 'react';
import { DEFAULT_AVATAR_URL } from '@app/contract/constants';
import styles from './avatar.module.css';

type AvatarProps = {
  src?: string | null;
  /** Empty when a neighbouring text already names the person. */
  alt?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/** A round portrait; the house's default avatar stands in when there is none or it fails. */
export function Avatar({ src, alt = '', size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src && src !== failedSrc ? src : DEFAULT_AVATAR_URL;
  return (
    <img
      className={[styles.avatar, styles[size], className].filter(Boolean).join(' ')}
      src={url}
      alt={alt}
      onError={() => {
        if (url !== DEFAULT_AVATAR_URL) setFailedSrc(url);
      }}
    />
  );
}
