import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

interface SendCodeButtonProps {
  /** Sends the code; resolves with the seconds to wait before another, or null when nothing was sent. */
  onSend: () => Promise<number | null>;
  disabled?: boolean;
}

/** "Send code", then a countdown until the server allows another. */
export function SendCodeButton({ onSend, disabled }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    if (isSending || secondsLeft > 0) return;
    setIsSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) setSecondsLeft(Math.max(0, Math.ceil(wait)));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button variant="secondary" className="btn-code" isBusy={isSending} disabled={disabled || secondsLeft > 0} onClick={() => void send()}>
      {secondsLeft > 0 ? t('auth.code.resend', { seconds: secondsLeft }) : t('auth.code.send')}
    </Button>
  );
}
