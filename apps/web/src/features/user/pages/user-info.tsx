import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeKeyOrNull, gradeNameSetOf, type Language } from '@pp/contract';
import { CopyButton } from '@pp/browser-kit';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { useLevelList } from '../api/level-list';
import { useUserInfo } from '../api/user-info';

function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /user-info: the member's account information (spec section 3). */

interface UserInfoPageProps {
  /** The bank-account and wallet-address cards, given by the route (features do not import each other). */
  withdrawalDestinations?: ReactNode;
  /** The community performance card, given by the route (decision 021). */
  performance?: ReactNode;
}

export function UserInfoPage({ withdrawalDestinations, performance }: UserInfoPageProps = {}) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const levels = useLevelList();
  const language = currentLanguage();

  if (!user.data) {
    return (
      <>
        <PageHeader title={t('user.title')} />
        <Card>
          {user.isError ? (
            <div className="empty">
              <p>{t('common.loadFailed')}</p>
              <button type="button" className="btn btn-secondary" onClick={() => void user.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />
          )}
        </Card>
      </>
    );
  }

  const u = user.data;
  const level = levels.data?.find((l) => l.level === u.level);
  // Grade names are translated here, not taken from the server's two-language list, so every locale reads its own.
  const levelKey = gradeKeyOrNull(u.level);
  // Spec section 4: members outside CN see the nobility names (decision 021).
  const levelName = levelKey
    ? t(`community.grades.${gradeNameSetOf(u.countryCode)}.${levelKey}`)
    : level
      ? language === 'zh-CN'
        ? level.cn
        : level.en
      : String(u.level);
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  return (
    <>
      <PageHeader title={t('user.title')} />
      <div className="stack">
        <Card title={t('user.profile')}>
          <dl className="info-list">
            <Row label={t('user.userName')}>{u.userName}</Row>
            <Row label={t('user.userNumber')}>{u.userNumber}</Row>
            <Row label={t('user.country')}>{countryName(u.countryCode, language)}</Row>
            <Row label={t('user.email')}>{u.emailMasked}</Row>
            <Row label={t('user.level')}>{levelName}</Row>
          </dl>
        </Card>
        <Card title={t('user.referral')}>
          <dl className="info-list">
            <Row label={t('user.referralId')}>{u.referralId}</Row>
            <Row label={t('user.invitationCode')}>{u.invitationCode}</Row>
            <Row label={t('user.referralLink')}>
              <span className="copy-row">
                <span className="mono break">{u.referralLink}</span>
                <CopyButton text={u.referralLink} label={t('user.copyLink')} />
              </span>
            </Row>
            <Row label={t('user.referrer')}>{u.referrerUserName ?? t('common.none')}</Row>
          </dl>
        </Card>
        <Card title={t('user.status')}>
          <dl className="info-list">
            <Row label={t('user.isProtected')}>{yesNo(u.isProtected)}</Row>
            <Row label={t('user.autoTopUp')}>{u.autoTopUp ? t('common.on') : t('common.off')}</Row>
            <Row label={t('user.agreeStatus')}>{yesNo(u.agreeStatus)}</Row>
          </dl>
        </Card>
        {performance}
        {withdrawalDestinations}
      </div>
    </>
  );
}
