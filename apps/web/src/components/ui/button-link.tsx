import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { buttonClassName, type ButtonStyleProps } from './button';

type ButtonLinkProps = ComponentProps<typeof Link> & ButtonStyleProps;

/**
 * A link that looks like a button, for navigation actions. Apart from `Button`, so that a page
 * with buttons and no router (the login page's own entry, decision 0030) does not load it.
 */
export function ButtonLink({ variant, size, block, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...props} />;
}
