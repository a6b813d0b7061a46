/**
 * "Get code", then a countdown (60 s) before it may be pressed again — for SMS and e-mail codes
 * (login, register, binding a mobile or an e-mail). `send` checks the target and makes the call;
 * it resolves true only when a code went out, so a refusal leaves the button ready for a retry.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Countdown } from './Countdown';

export const RESEND_SECONDS = 60;

export interface SendCodeButtonProps {
  send: () => Promise<boolean>;
  /** Seconds before the code may be sent again (default 60). */
  seconds?: number;
  className?: string;
}

export function SendCodeButton({ send, seconds = RESEND_SECONDS, className = '' }: SendCodeButtonProps) {
  const { t } = useTranslation('kernel');
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

  const classes = `sf-send-code ${className}`;
  if (deadline !== null) {
    return (
      <Button size="small" className={classes} disabled>
        <Countdown deadline={deadline} onEnd={() => setDeadline(null)}>
          {(left) => t('ui.resend_code', { seconds: left.total })}
        </Countdown>
      </Button>
    );
  }
  return (
    <Button size="small" className={classes} loading={busy} onClick={() => void press()}>
      {t('ui.send_code')}
    </Button>
  );
}
