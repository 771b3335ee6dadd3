import { useTranslation } from 'react-i18next';
import type { JackpotCycleEntry } from '@pp/contract';
import { CopyButton } from '@pp/browser-kit';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact, formatCount } from '@pp/contract';
import { useJackpotInfo } from '../api/jackpot-info';
import { useJackpotRecordList } from '../api/jackpot-record-list';

/** The jackpot: the pool, the open cycle's commitment, recent draws with their seeds, and the member's records. */
export function Jackpot({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const info = useJackpotInfo();
  if (!info.data) return <CardLoadState isError={info.isError} onRetry={() => void info.refetch()} />;
  const { pool, coinName, current, recent } = info.data;
  return (
    <div className="stack">
      <dl className="info-list">
        <div className="info-row">
          <dt>{t('packages.jackpot.pool')}</dt>
          <dd>
            <strong data-testid="jackpot-pool">{`${formatExact(pool, language)} ${coinLabel(coinName)}`}</strong>
          </dd>
        </div>
      </dl>
      <section className="stack-tight" aria-labelledby="jackpot-current">
        <h3 className="section-title" id="jackpot-current">
          {t('packages.jackpot.current')}
        </h3>
        {current ? <CycleCard cycle={current} coinLabel={coinLabel} /> : <p className="empty">{t('packages.jackpot.noCurrent')}</p>}
      </section>
      <section className="stack-tight" aria-labelledby="jackpot-recent">
        <h3 className="section-title" id="jackpot-recent">
          {t('packages.jackpot.recent')}
        </h3>
        {recent.length === 0 ? (
          <p className="empty">{t('packages.jackpot.noRecent')}</p>
        ) : (
          <ul className="card-list package-grid">
            {recent.map((cycle) => (
              <li key={cycle.id}>
                <CycleCard cycle={cycle} coinLabel={coinLabel} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="stack-tight" aria-labelledby="jackpot-mine">
        <h3 className="section-title" id="jackpot-mine">
          {t('packages.jackpot.mine')}
        </h3>
        <JackpotRecords coinLabel={coinLabel} coinName={coinName} />
      </section>
    </div>
  );
}

function CycleCard({ cycle, coinLabel }: { cycle: JackpotCycleEntry; coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="list-card" data-testid="jackpot-cycle">
      <div className="list-card-row">
        <span className="list-card-title">{t('packages.jackpot.cycle', { number: cycle.number })}</span>
        <span className="badge-row">
          <StatusBadge tone={cycle.drawState === 'drawn' ? 'success' : 'pending'}>{t(`packages.jackpot.drawStates.${cycle.drawState}`)}</StatusBadge>
        </span>
      </div>
      <dl className="list-card-fields">
        <div>
          <dt>{t('packages.jackpot.period')}</dt>
          <dd>{t('packages.jackpot.periodValue', { from: formatDateTime(cycle.startsAt, language), to: formatDateTime(cycle.endsAt, language) })}</dd>
        </div>
        <div>
          <dt>{t('packages.jackpot.entries')}</dt>
          <dd>{formatCount(cycle.eligibleCount, language)}</dd>
        </div>
        {cycle.drawState === 'drawn' ? (
          // A cycle's pool is fixed at its draw; before it, the pool above is what counts.
          <div>
            <dt>{t('packages.jackpot.pool')}</dt>
            <dd>{`${formatExact(cycle.pool, language)} ${coinLabel(cycle.coinName)}`}</dd>
          </div>
        ) : null}
      </dl>
      <div className="stack-tight">
        <span className="list-card-meta">{t('packages.jackpot.commitment')}</span>
        <span className="copy-row">
          <code className="mono break hash" data-technical>
            {cycle.seedCommitment}
          </code>
          <CopyButton text={cycle.seedCommitment} label={t('packages.jackpot.copyCommitment')} />
        </span>
        {cycle.seed ? (
          <>
            <span className="list-card-meta">{t('packages.jackpot.seed')}</span>
            <span className="copy-row">
              <code className="mono break hash" data-technical data-testid="jackpot-seed">
                {cycle.seed}
              </code>
              <CopyButton text={cycle.seed} label={t('packages.jackpot.copySeed')} />
            </span>
          </>
        ) : (
          <p className="card-note">{t('packages.jackpot.seedHidden')}</p>
        )}
      </div>
      {cycle.drawState === 'drawn' ? (
        cycle.winners.length === 0 ? (
          <p className="card-note">{t('packages.jackpot.noWinners')}</p>
        ) : (
          <dl className="list-card-fields" aria-label={t('packages.jackpot.winners')}>
            {cycle.winners.map((w) => (
              <div key={w.holdingNumber}>
                <dt>
                  <span data-user-content>{w.userName}</span> <span className="mono">{w.holdingNumber}</span>
                </dt>
                <dd>{`${formatExact(w.prize, language)} ${coinLabel(cycle.coinName)}`}</dd>
              </div>
            ))}
          </dl>
        )
      ) : null}
    </div>
  );
}

function JackpotRecords({ coinLabel, coinName }: { coinLabel: (coinName: string) => string; coinName: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useJackpotRecordList();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <PagedListBody list={list} isEmpty={items.length === 0} empty={t('packages.jackpot.noRecords')}>
      <ul className="card-list package-grid" aria-label={t('packages.jackpot.mine')}>
        {items.map((item) => (
          <li key={`${item.cycleId}-${item.holdingNumber}`} className="list-card" data-testid="jackpot-record">
            <div className="list-card-row list-card-row-wrap">
              <span className="list-card-title">{t('packages.jackpot.cycle', { number: item.cycleNumber })}</span>
              <span className="badge-row">
                <StatusBadge tone={item.drawState === 'drawn' ? 'success' : 'pending'}>{t(`packages.jackpot.drawStates.${item.drawState}`)}</StatusBadge>
                <StatusBadge tone={item.state === 'completed' ? 'neutral' : 'pending'}>{t(`packages.jackpot.states.${item.state}`)}</StatusBadge>
              </span>
            </div>
            <dl className="list-card-fields">
              <div>
                <dt>{t('packages.holdings.number')}</dt>
                <dd className="mono">{item.holdingNumber}</dd>
              </div>
              <div>
                <dt>{t('packages.jackpot.endsAt')}</dt>
                <dd>{formatDateTime(item.endsAt, language)}</dd>
              </div>
              <div>
                <dt>{t('packages.jackpot.outcome')}</dt>
                <dd>
                  {item.drawState === 'notDrawn'
                    ? t('packages.jackpot.waiting')
                    : item.isWinner
                      ? t('packages.jackpot.won', { amount: `${formatExact(item.prize, language)} ${coinLabel(coinName)}` })
                      : t('packages.jackpot.notWon')}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </PagedListBody>
  );
}
