/**
 * A form's send button: wide, round, primary, spinning (and ignoring clicks) while the form is
 * busy, in a padded bar under the fields. Forms of every plugin use it, so they look and behave alike.
 */
import type { ReactNode } from 'react';
import { Button } from './Button';

export interface SubmitBarProps {
  busy: boolean;
  children: ReactNode;
  className?: string;
}

export function SubmitBar({ busy, children, className = '' }: SubmitBarProps) {
  return (
    <div className={`sf-submit-bar ${className}`.trim()}>
      <Button type="submit" variant="primary" block round loading={busy}>
        {children}
      </Button>
    </div>
  );
}
