import { useState } from 'react';
import { config } from '@/lib/config';
import styles from './logo.module.css';

type LogoProps = {
  tone?: 'dark' | 'light';
  className?: string;
};

/** The house's logo; if the image cannot load, the name is set in the display face instead. */
export function Logo({ tone = 'dark', className }: LogoProps) {
  const [failed, setFailed] = useState(false);
  const classes = [styles.logo, styles[tone], className].filter(Boolean).join(' ');
  if (failed) {
    return (
      <span
        className={[classes, styles.wordmark].join(' ')}
        role="img"
        aria-label={config.brandName}
      >
        <span aria-hidden="true">{config.brandName}</span>
      </span>
    );
  }
  return (
    <img
      className={classes}
      src={tone === 'light' ? '/images/logo-light.svg' : '/images/logo.svg'}
      alt={config.brandName}
      width="240"
      height="48"
      onError={() => setFailed(true)}
    />
  );
}
