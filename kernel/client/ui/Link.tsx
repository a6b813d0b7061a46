/** A link to a hash route; a plain anchor, so it works with the keyboard and middle-click. */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { hashHref, type Query } from '../url';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A route path, optionally with a query string: `/goods/detail/detail?id=3`. */
  to: string;
  query?: Query;
  children?: ReactNode;
}

export function Link({ to, query, children, ...rest }: LinkProps) {
  return (
    <a href={hashHref(to, query)} {...rest}>
      {children}
    </a>
  );
}
