import type { ComponentProps, ElementType, ReactNode } from 'react';
import styles from './card.module.css';

type CardProps<E extends ElementType> = {
  as?: E;
  tone?: 'default' | 'inverse' | 'quiet';
  padding?: 'md' | 'lg';
  children: ReactNode;
} & Omit<ComponentProps<E>, 'as' | 'children'>;

/** A surface with a hairline border; `inverse` is night blue, for one emphasised block a page. */
export function Card<E extends ElementType = 'div'>({
  as,
  tone = 'default',
  padding = 'md',
  className,
  children,
  ...props
}: CardProps<E>) {
  const Component: ElementType = as ?? 'div';
  return (
    <Component
      className={[styles.card, styles[tone], styles[padding], className].filter(Boolean).join(' ')}
      data-theme={tone === 'inverse' ? 'inverse' : undefined}
      {...props}
    >
      {children}
    </Component>
  );
}
