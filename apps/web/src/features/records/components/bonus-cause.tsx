import type { ReactNode } from 'react';
import type { BonusCause } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatDecimal, formatExact } from '@pp/contract';

const purchaseEvents = ['buy', 'upgrade', 'add', 'fill', 'activate'] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Why a plan bonus was paid (decision 022): who bought what and when, the rule, the rate, the cap and the fee. */
export function BonusCauseRows({ cause }: { cause: BonusCause }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const event = purchaseEvents.find((e) => e === cause.sourceEvent);
  let rule: string | null = null;
  if (cause.bonusType === 'algebraicBonus') rule = t('plan.cause.generation', { number: cause.ruleValue });
  else if (cause.bonusType === 'managerBonus' || cause.bonusType === 'sameLevelReward' || cause.bonusType === 'performanceBonus')
    rule = t('plan.cause.grade', { grade: cause.ruleValue });
  else if (cause.bonusType === 'rankingBonus') rule = t('plan.cause.place', { place: cause.ruleValue });
  return (
    <>
      {cause.sourceUserName ? (
        <Row label={t('plan.cause.source')}>
          <span data-user-content>
            {event ? t('plan.cause.sourceValue', { user: cause.sourceUserName, event: t(`plan.cause.events.${event}`) }) : cause.sourceUserName}
          </span>
        </Row>
      ) : null}
      {cause.sourceAt !== null ? <Row label={t('plan.cause.sourceAt')}>{formatDateTime(cause.sourceAt, language)}</Row> : null}
      {rule ? <Row label={t('plan.cause.rule')}>{rule}</Row> : null}
      <Row label={t('plan.cause.base')}>{formatExact(cause.base, language)}</Row>
      {Number(cause.ratePercent) > 0 ? <Row label={t('plan.cause.rate')}>{`${formatDecimal(cause.ratePercent, language)}%`}</Row> : null}
      <Row label={t('plan.cause.gross')}>{formatExact(cause.gross, language)}</Row>
      {Number(cause.capped) > 0 ? <Row label={t('plan.cause.capped')}>{formatExact(cause.capped, language)}</Row> : null}
      <Row label={t('plan.cause.fee')}>{formatExact(cause.fee, language)}</Row>
      <Row label={t('plan.cause.period')}>{cause.periodKey.replace(/^(day|month):/, '')}</Row>
      <Row label={t('plan.cause.planVersion')}>{cause.planVersion}</Row>
    </>
  );
}
