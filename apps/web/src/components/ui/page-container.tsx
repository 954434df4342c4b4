import type { ComponentProps } from 'react';
import styles from './page-container.module.css';

type PageContainerProps = ComponentProps<'div'> & {
  /** The space between the page's blocks: `lg` for a page of large, distinct sections. */
  gap?: 'md' | 'lg';
};

/** The column of a page in the layout: centred, as wide as the header, with the page's margins. */
export function PageContainer({ gap = 'md', className, ...props }: PageContainerProps) {
  return (
    <div className={[styles.page, styles[gap], className].filter(Boolean).join(' ')} {...props} />
  );
}
