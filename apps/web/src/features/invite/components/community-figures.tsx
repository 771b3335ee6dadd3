import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';
import { useOrganizationInfo } from '../api/organization-info';
import { useGradeName } from './grade-name';

/** The member's performance (spec section 3): personal, community, total, small zone, this month and last month, counts. */
export function CommunityFigures({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const info = useOrganizationInfo();
  const gradeName = useGradeName();
  let body;
  if (info.data) {
    const f = info.data;
    const item = (key: string, label: string, value: string) => (
      <div className="revenue-item" key={key}>
        <dt>{label}</dt>
        <dd data-testid={`figure-${key}`}>{value}</dd>
      </div>
    );
    const points = (value: string) => formatExact(value, language);
    const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
    body = isCompact ? (
      <dl className="revenue-list community-figures" data-testid="community-card">
        {item('level', t('community.figures.level'), gradeName(f.level, f.gradeNameSet))}
        {item('userCount', t('community.figures.userCount'), String(f.userCount))}
        {item('total', t('community.figures.total'), points(f.total))}
        {item('thisMonth', t('community.figures.thisMonth'), points(f.thisMonth.total))}
      </dl>
    ) : (
      <div className="stack-tight">
        <dl className="revenue-list community-figures" data-testid="community-figures">
          {item('level', t('community.figures.level'), gradeName(f.level, f.gradeNameSet))}
          {item('purchased', t('community.figures.purchased'), yesNo(f.isPurchased))}
          {item('isProtected', t('community.figures.isProtected'), yesNo(f.isProtected))}
          {item('personal', t('community.figures.personal'), points(f.personal))}
          {item('community', t('community.figures.community'), points(f.community))}
          {item('total', t('community.figures.total'), points(f.total))}
          {item('smallZone', t('community.figures.smallZone'), points(f.smallZone))}
          {item('thisMonthPersonal', `${t('community.figures.thisMonth')} · ${t('community.figures.personal')}`, points(f.thisMonth.personal))}
          {item('thisMonthCommunity', `${t('community.figures.thisMonth')} · ${t('community.figures.community')}`, points(f.thisMonth.community))}
          {item('lastMonthPersonal', `${t('community.figures.lastMonth')} · ${t('community.figures.personal')}`, points(f.lastMonth.personal))}
          {item('lastMonthCommunity', `${t('community.figures.lastMonth')} · ${t('community.figures.community')}`, points(f.lastMonth.community))}
          {item('userCount', t('community.figures.userCount'), String(f.userCount))}
          {item('directCount', t('community.figures.directCount'), String(f.directCount))}
        </dl>
        <p className="field-hint">{t('community.figures.smallZoneNote')}</p>
        <p className="field-hint">{t('community.figures.monthNote')}</p>
      </div>
    );
  } else {
    body = <CardLoadState isError={info.isError} onRetry={() => void info.refetch()} />;
  }
  return (
    <Card
      title={isCompact ? t('community.card.title') : t('community.figures.title')}
      action={
        isCompact ? (
          <Link to={paths.inviteTree} className="btn btn-secondary btn-small">
            {t('community.card.open')}
          </Link>
        ) : undefined
      }
    >
      {body}
    </Card>
  );
}
