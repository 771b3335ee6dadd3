import { TextField, type BoundField } from '@pp/browser-kit';
import { SendCodeButton } from '../../../components/ui/send-code-button';

interface EmailCodeFieldsProps {
  email: BoundField;
  code: BoundField;
  emailLabel: string;
  codeLabel: string;
  /** Sends the code (useSendEmailCode). */
  onSend: () => Promise<number | null>;
}

/** The e-mail with its "send code" button, and the six-digit code that was sent. */
export function EmailCodeFields({ email, code, emailLabel, codeLabel, onSend }: EmailCodeFieldsProps) {
  return (
    <>
      <TextField label={emailLabel} type="email" {...email} autoComplete="email" inputMode="email" maxLength={254} addon={<SendCodeButton onSend={onSend} />} />
      <TextField
        label={codeLabel}
        {...code}
        onValueChange={(v) => code.onValueChange(v.replace(/\D/g, ''))}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
      />
    </>
  );
}
