/** The wide primary button that sends an auth form; spins while the form is busy. */
import type { ReactNode } from 'react';
import { Button } from '@kernel/client/ui';

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" size="large" block round loading={busy} className="auth-submit">
      {children}
    </Button>
  );
}
