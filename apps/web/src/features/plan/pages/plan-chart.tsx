import type { GradeRate, GradeRule, PlanDocument } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatDecimal, formatExact } from '@pp/contract';
import { usePlanChart } from '../api/plan-chart';

const gradeNumbers = [1, 2, 3, 4, 5] as const;
type GradeNumber = (typeof gradeNumbers)[number];

/** A bar's width: its rate against the largest rate drawn beside it. */
function barWidth(percent: string, largest: number): string {
  const value = Number(percent);
  return largest > 0 ? `${Math.max(2, Math.round((value / largest) * 100))}%` : '0%';
}

/** /plan: the plan in force drawn as a chart — grades as a ladder with their thresholds and rates, generations as bars. */
export function PlanChartPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const chart = usePlanChart();
  return (
    <>
      <PageHeader title={t('plan.title')} description={t('plan.description')} />
      {!chart.data ? (
        <Card>
          <CardLoadState isError={chart.isError} onRetry={() => void chart.refetch()} />
        </Card>
      ) : (
        <div className="stack plan-chart" data-testid="plan-chart">
          <p className="plan-version">
            {chart.data.effectiveAt === 0
              ? t('plan.versionFromStart', { version: chart.data.version })
              : t('plan.version', { version: chart.data.version, date: formatDateTime(chart.data.effectiveAt, language) })}
            {chart.data.next ? (
              <span className="record-note">
                {t('plan.nextVersion', { version: chart.data.next.version, date: formatDateTime(chart.data.next.effectiveAt, language) })}
              </span>
            ) : null}
          </p>
          <GradeLadder plan={chart.data.plan} />
          <Generations plan={chart.data.plan} />
          <OtherBonuses plan={chart.data.plan} />
        </div>
      )}
    </>
  );
}

function GradeLadder({ plan }: { plan: PlanDocument }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rules = new Map<number, GradeRule>(plan.grades.map((g) => [g.grade, g]));
  const rates = new Map<number, GradeRate>(plan.gradeRates.map((g) => [g.grade, g]));
  const largest = Math.max(0, ...plan.gradeRates.map((r) => Number(r.managerPercent)));
  const gradeName = (grade: number) => (grade >= 1 && grade <= 5 ? t(`plan.gradeNames.${String(grade) as `${GradeNumber}`}`) : t('plan.regular'));
  const points = (text: string) => formatExact(text, language);
  return (
    <Card title={t('plan.gradesTitle')}>
      <p className="record-note">{t('plan.gradesNote')}</p>
      <ol className="plan-ladder" data-testid="plan-grades">
        {[...gradeNumbers].reverse().map((grade) => {
          const rule = rules.get(grade);
          const rate = rates.get(grade);
          return (
            <li key={grade} className={`plan-step plan-step-${grade}`}>
              <div className="plan-step-head">
                <span className="plan-step-badge" aria-hidden="true">
                  {grade}
                </span>
                <strong>{gradeName(grade)}</strong>
              </div>
              {rule ? (
                <dl className="plan-thresholds">
                  <div>
                    <dt>{t('plan.minOwnHolding')}</dt>
                    <dd>{t('plan.atLeast', { amount: points(rule.minOwnHolding) })}</dd>
                  </div>
                  <div>
                    <dt>{t('plan.minPerformance')}</dt>
                    <dd>{t('plan.atLeast', { amount: points(rule.minPerformance) })}</dd>
                  </div>
                  <div>
                    <dt>{t('plan.minSmallZone')}</dt>
                    <dd>{t('plan.atLeast', { amount: points(rule.minSmallZone) })}</dd>
                  </div>
                  {rule.minDirectOfGrade ? (
                    <div>
                      <dt>{t('plan.minDirect')}</dt>
                      <dd>{t('plan.minDirectValue', { count: rule.minDirectOfGrade.count, grade: gradeName(rule.minDirectOfGrade.grade) })}</dd>
                    </div>
                  ) : null}
                </dl>
              ) : null}
              {rate ? (
                <div className="plan-rates">
                  <div className="plan-bar-row">
                    <span>{t('plan.managerRate')}</span>
                    <span className="plan-bar" aria-hidden="true">
                      <span style={{ width: barWidth(rate.managerPercent, largest) }} />
                    </span>
                    <strong>{t('plan.percent', { percent: formatDecimal(rate.managerPercent, language) })}</strong>
                  </div>
                  <div className="plan-rate-pills">
                    <span>
                      {t('plan.sameLevelRate')} {t('plan.percent', { percent: formatDecimal(rate.sameLevelPercent, language) })}
                    </span>
                    <span>
                      {t('plan.performanceRate')} {t('plan.percent', { percent: formatDecimal(rate.performancePercent, language) })}
                    </span>
                  </div>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="record-note">{t('plan.managerNote')}</p>
    </Card>
  );
}

function Generations({ plan }: { plan: PlanDocument }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const gradeName = (grade: number) => (grade >= 1 && grade <= 5 ? t(`plan.gradeNames.${String(grade) as `${GradeNumber}`}`) : t('plan.regular'));
  // Generation 1 is the direct bonus; the generations of the algebraic bonus follow.
  const rows = [
    { key: 'g1', label: t('plan.generationDirect'), percent: plan.directBonus.percent, minGrade: 0 },
    ...[...plan.algebraicBonus.generations]
      .sort((a, b) => a.generation - b.generation)
      .map((g) => ({ key: `g${g.generation}`, label: t('plan.generation', { number: g.generation }), percent: g.percent, minGrade: g.minGrade })),
  ];
  const largest = Math.max(0, ...rows.map((r) => Number(r.percent)));
  return (
    <Card title={t('plan.generationsTitle')}>
      <p className="record-note">{t('plan.generationsNote')}</p>
      <ul className="plan-generations" data-testid="plan-generations">
        {rows.map((r) => (
          <li key={r.key} className="plan-bar-row">
            <span>
              {r.label}
              {r.minGrade > 0 ? <small className="plan-min-grade">{t('plan.minGrade', { grade: gradeName(r.minGrade) })}</small> : null}
            </span>
            <span className="plan-bar" aria-hidden="true">
              <span style={{ width: barWidth(r.percent, largest) }} />
            </span>
            <strong>{t('plan.percent', { percent: formatDecimal(r.percent, language) })}</strong>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function OtherBonuses({ plan }: { plan: PlanDocument }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const pct = (p: string) => formatDecimal(p, language);
  const coin = t(`coins.${plan.coinName}`);
  const rows: Array<[string, string]> = [
    [
      t('plan.sponsorship'),
      t('plan.sponsorshipValue', {
        amount: formatExact(plan.sponsorshipBonus.amount, language),
        minimum: formatExact(plan.sponsorshipBonus.minVolume, language),
      }),
    ],
    [t('plan.buyMatching'), t('plan.buyMatchingValue', { percent: pct(plan.buyMatching.percent) })],
    [t('plan.activate'), t('plan.activateValue', { percent: pct(plan.activateBonus.percent) })],
    [t('plan.ranking'), t('plan.rankingValue', { percent: pct(plan.rankingBonus.poolPercent), places: plan.rankingBonus.shares.length })],
    [t('plan.bonusFee'), t('plan.bonusFeeValue', { percent: pct(plan.bonusFee.percent) })],
    [t('plan.bonusFeeBonus'), t('plan.bonusFeeBonusValue', { percent: pct(plan.bonusFeeBonus.percent) })],
  ];
  const periodMax = Number(plan.caps.memberPeriodMax);
  return (
    <Card title={t('plan.otherTitle')}>
      <dl className="info-list">
        {rows.map(([label, value]) => (
          <div className="info-row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="section-title">{t('plan.capTitle')}</h3>
      <p>{t('plan.paidIn', { coin })}</p>
      {plan.caps.countAgainstHoldings ? <p>{t('plan.capNote')}</p> : null}
      {periodMax > 0 ? <p>{t('plan.periodCap', { amount: formatExact(plan.caps.memberPeriodMax, language) })}</p> : null}
    </Card>
  );
}
