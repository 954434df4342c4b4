import type { ComponentProps, ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'md' | 'sm';

export type ButtonStyleProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches the button to the width of its container. */
  block?: boolean;
};

/** The classes of a button of this look, and `extra`: for links that look like buttons too. */
export function buttonClassName(
  { variant = 'primary', size = 'md', block }: ButtonStyleProps,
  extra?: string,
) {
  return [styles.button, styles[variant], styles[size], block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ComponentProps<'button'> &
  ButtonStyleProps & {
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
      className={buttonClassName({ variant, size, block }, className)}
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
