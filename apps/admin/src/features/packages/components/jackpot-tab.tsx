import { useTranslation } from 'react-i18next';
import type { JackpotCycleEntry } from '@pp/contract';
import { Badge } from '../../../components/ui/badge';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { formatCount, formatDateTime, formatExactAmount } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { useJackpotList } from '../api/jackpot-list';

const dayMs = 24 * 60 * 60 * 1000;
/** The command that recomputes a draw from its published seed and entries (decision 020). */
export const verifyCommand = (cycleId: string) => `npm run jackpot:verify -- ${cycleId}`;

/** Jackpot cycles: the commitment published at the start, the seed revealed at the draw, the winners. */
export function JackpotTab() {
  const { t } = useTranslation();
  const list = useJackpotList();
  return (
    <>
      <p className="notice">
        {t('packages.jackpot.verifyHint')} <code className="mono">{verifyCommand(t('packages.jackpot.cycleIdPlaceholder'))}</code>
      </p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{t('packages.jackpot.empty')}</EmptyState>
      ) : (
        <ul className="jackpot-list">
          {list.data.map((cycle) => (
            <li key={cycle.id}>
              <CycleCard cycle={cycle} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CycleCard({ cycle }: { cycle: JackpotCycleEntry }) {
  const { t } = useTranslation();
  const coin = translateOr(`coins.${cycle.coinName}`, cycle.coinName);
  const titleId = `cycle-${cycle.id}`;
  return (
    <article className="card" aria-labelledby={titleId}>
      <div className="payout-head">
        <h3 className="card-title" id={titleId}>
          {t('packages.jackpot.cycleTitle', { number: cycle.number, days: Math.round((cycle.endsAt - cycle.startsAt) / dayMs) })}
        </h3>
        <span className="badges">
          <Badge tone={cycle.state === 'completed' ? 'neutral' : 'info'}>{t(`packages.jackpot.states.${cycle.state}`)}</Badge>
          <Badge tone={cycle.drawState === 'drawn' ? 'success' : 'warning'}>{t(`packages.jackpot.drawStates.${cycle.drawState}`)}</Badge>
        </span>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('packages.jackpot.period')}</dt>
          <dd>{t('packages.jackpot.fromTo', { from: formatDateTime(cycle.startsAt), to: formatDateTime(cycle.endsAt) })}</dd>
        </div>
        <div>
          <dt>{t('packages.jackpot.pool')}</dt>
          <dd>{`${formatExactAmount(cycle.pool)} ${coin}`}</dd>
        </div>
        <div>
          <dt>{t('packages.jackpot.eligible')}</dt>
          <dd>{formatCount(cycle.eligibleCount)}</dd>
        </div>
        <div>
          <dt>{t('packages.jackpot.commitment')}</dt>
          <dd>
            <code className="mono break small">{cycle.seedCommitment}</code>
          </dd>
        </div>
        <div>
          <dt>{t('packages.jackpot.seed')}</dt>
          <dd>{cycle.seed ? <code className="mono break small">{cycle.seed}</code> : <span className="muted">{t('packages.jackpot.seedHidden')}</span>}</dd>
        </div>
        <div>
          <dt>{t('packages.jackpot.cycleId')}</dt>
          <dd>
            <code className="mono break small">{cycle.id}</code>
          </dd>
        </div>
        <div>
          <dt>{t('packages.jackpot.winners')}</dt>
          <dd>
            {cycle.winners.length === 0 ? (
              <span className="muted">{cycle.drawState === 'drawn' ? t('packages.jackpot.noWinners') : t('packages.jackpot.notDrawnYet')}</span>
            ) : (
              <ol className="winner-list">
                {cycle.winners.map((winner) => (
                  <li key={winner.holdingNumber}>
                    {t('packages.jackpot.winner', { user: winner.userName, number: winner.holdingNumber, prize: `${formatExactAmount(winner.prize)} ${coin}` })}
                  </li>
                ))}
              </ol>
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}
