import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'md' | 'sm';

type StyleProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches the button to the width of its container. */
  block?: boolean;
};

function classNames({ variant = 'primary', size = 'md', block }: StyleProps, extra?: string) {
  return [styles.button, styles[variant], styles[size], block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ComponentProps<'button'> &
  StyleProps & {
    /** While busy the button is disabled and shows `busyLabel` next to a spinner. */
    busy?: boolean;
    busyLabel?: ReactNode;
  };

export function Button({
  variant,
  size,
  block,
  busy = false,
  busyLabel,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames({ variant, size, block }, className)}
      disabled={disabled || busy}
      data-busy={busy || undefined}
      {...props}
    >
      {busy ? (
        <>
          <Spinner size="sm" />
          <span>{busyLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

type ButtonLinkProps = ComponentProps<typeof Link> & StyleProps;

/** A link that looks like a button, for navigation actions. */
export function ButtonLink({ variant, size, block, className, ...props }: ButtonLinkProps) {
  return <Link className={classNames({ variant, size, block }, className)} {...props} />;
}
