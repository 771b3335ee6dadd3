import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { CopyButton } from '@pp/browser-kit';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { useOrganizationInfo } from '../api/organization-info';

/** Pixels of the QR code image; large enough for a phone camera at arm's length. */
const qrSizePx = 200;

/** The invitation link as a QR code, drawn in the browser. */
function LinkQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ link: string; url: string | null } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 1, width: qrSizePx })
      .then((url) => isCurrent && setState({ link, url }))
      .catch(() => isCurrent && setState({ link, url: null }));
    return () => {
      isCurrent = false;
    };
  }, [link]);
  if (!state || state.link !== link) return <div className="invite-qr" aria-busy="true" />;
  if (!state.url) return <p className="field-hint">{t('community.invite.qrFailed')}</p>;
  return <img className="invite-qr" src={state.url} alt={t('community.invite.qrAlt')} width={qrSizePx} height={qrSizePx} data-testid="invite-qr" />;
}

/** The invitation code and link with a QR code, copy buttons and, where the device has one, its share sheet. */
export function InviteShare() {
  const { t } = useTranslation();
  const info = useOrganizationInfo();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  let body;
  if (info.data) {
    const { invitationCode, referralLink } = info.data;
    const share = () => {
      // A dismissed sheet rejects; nothing to report.
      navigator
        .share({ title: t('community.invite.shareTitle'), text: t('community.invite.shareText', { code: invitationCode }), url: referralLink })
        .catch(() => undefined);
    };
    body = (
      <div className="invite-share">
        <LinkQr link={referralLink} />
        <div className="stack-tight invite-share-text">
          <p className="field-label">{t('community.invite.code')}</p>
          <div className="copy-row">
            <span className="mono invite-code" data-testid="invite-code">
              {invitationCode}
            </span>
            <CopyButton text={invitationCode} label={t('community.invite.copyCode')} />
          </div>
          <p className="field-label">{t('community.invite.link')}</p>
          <div className="copy-row">
            <span className="mono break" data-testid="invite-link">
              {referralLink}
            </span>
            <CopyButton text={referralLink} label={t('community.invite.copyLink')} />
          </div>
          {canShare ? (
            <button type="button" className="btn btn-primary" onClick={share}>
              {t('community.invite.share')}
            </button>
          ) : null}
          <p className="field-hint">{t('community.invite.scanHint')}</p>
        </div>
      </div>
    );
  } else {
    body = <CardLoadState isError={info.isError} onRetry={() => void info.refetch()} />;
  }
  return <Card title={t('community.invite.title')}>{body}</Card>;
}
