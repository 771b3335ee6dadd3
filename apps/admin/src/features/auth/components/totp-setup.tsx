import { useTranslation } from 'react-i18next';

/** First login: the QR code for an authenticator app, and the secret for typing it in by hand. */
export function TotpSetup({ qrCode, secret, otpauthUri }: { qrCode?: string; secret?: string; otpauthUri?: string }) {
  const { t } = useTranslation();
  // Only our own server's image: a data URL of an SVG, never a remote address.
  const image = qrCode?.startsWith('data:image/') ? qrCode : null;
  return (
    <div className="totp-setup">
      <p className="muted">{t('login.setupIntro')}</p>
      <ol className="steps">
        <li>{t('login.setupStep1')}</li>
        <li>{t('login.setupStep2')}</li>
        <li>{t('login.setupStep3')}</li>
      </ol>
      {image ? <img className="qr" src={image} alt={t('login.qrAlt')} width={200} height={200} /> : null}
      {secret ? (
        <div className="secret">
          <p className="field-label">{t('login.secret')}</p>
          <code className="secret-value">{secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
        </div>
      ) : null}
      {otpauthUri ? (
        <p className="field-hint">
          <a href={otpauthUri}>{t('login.openInApp')}</a>
        </p>
      ) : null}
    </div>
  );
}
