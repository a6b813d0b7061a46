/**
 * "Get code", then a 60 s countdown before it may be pressed again. `send` validates the target
 * and makes the call; it resolves true only when a code went out, so a refusal allows a retry.
 */
import { useState } from 'react';
import { useT } from '@kernel/client/hooks';
import { Button, Countdown } from '@kernel/client/ui';

export const RESEND_SECONDS = 60;

export interface SendCodeButtonProps {
  send: () => Promise<boolean>;
  seconds?: number;
}

export function SendCodeButton({ send, seconds = RESEND_SECONDS }: SendCodeButtonProps) {
  const { t } = useT('auth');
  const [deadline, setDeadline] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const press = async () => {
    setBusy(true);
    try {
      if (await send()) setDeadline(Date.now() / 1000 + seconds);
    } finally {
      setBusy(false);
    }
  };

  if (deadline !== null) {
    return (
      <Button size="small" className="auth-code-button" disabled>
        <Countdown deadline={deadline} onEnd={() => setDeadline(null)}>
          {(left) => t('code.resend', { seconds: left.total })}
        </Countdown>
      </Button>
    );
  }
  return (
    <Button size="small" className="auth-code-button" loading={busy} onClick={() => void press()}>
      {t('code.send')}
    </Button>
  );
}
