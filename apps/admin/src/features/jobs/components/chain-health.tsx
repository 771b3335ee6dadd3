import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@pp/contract';
import { Badge } from '../../../components/ui/badge';
import { TableBox } from '../../../components/ui/data-table';
import { ErrorState, Loading } from '../../../components/ui/states';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useChainHealth } from '../api/chain-health';

type Chain = ResponseOf<'chainHealth'>[number];

/** A watcher is behind when more blocks wait than its confirmations: deposits are credited late. */
function ChainState({ chain }: { chain: Chain }) {
  const { t } = useTranslation();
  if (!chain.isConfigured) return <Badge>{t('chainHealth.state.off')}</Badge>;
  if (chain.lastRunAt === 0) return <Badge>{t('chainHealth.state.never')}</Badge>;
  if (chain.lastError && chain.lastErrorAt >= chain.lastRunAt) return <Badge tone="danger">{t('chainHealth.state.failing')}</Badge>;
  if (chain.lagBlocks > chain.confirmations) return <Badge tone="warning">{t('chainHealth.state.behind')}</Badge>;
  return <Badge tone="success">{t('chainHealth.state.ok')}</Badge>;
}

/** The chain watchers' health (decision 017): last block read, the node's head, the lag, the last error. */
export function ChainHealth() {
  const { t } = useTranslation();
  const health = useChainHealth();
  return (
    <section className="card card-flush" aria-labelledby="chain-health-title">
      <h2 className="card-title card-pad" id="chain-health-title">
        {t('chainHealth.title')}
      </h2>
      {health.isPending ? (
        <Loading />
      ) : health.isError ? (
        <ErrorState onRetry={() => void health.refetch()} />
      ) : (
        <TableBox label={t('chainHealth.title')}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('chainHealth.chain')}</th>
                <th scope="col">{t('chainHealth.stateTitle')}</th>
                <th scope="col" className="num">
                  {t('chainHealth.lastBlock')}
                </th>
                <th scope="col" className="num">
                  {t('chainHealth.head')}
                </th>
                <th scope="col" className="num">
                  {t('chainHealth.lag')}
                </th>
                <th scope="col" className="num">
                  {t('chainHealth.confirming')}
                </th>
                <th scope="col">{t('chainHealth.lastRun')}</th>
              </tr>
            </thead>
            <tbody>
              {health.data.map((c) => (
                <tr key={c.chain}>
                  <td>
                    <span className="block">{t(`chainHealth.chains.${c.chain}`)}</span>
                    {c.tokenAddress ? (
                      <code className="muted small block" data-technical>
                        {c.tokenAddress}
                      </code>
                    ) : null}
                  </td>
                  <td>
                    <ChainState chain={c} />
                    {c.reorgCount > 0 ? <span className="muted small block">{t('chainHealth.reorgs', { n: formatCount(c.reorgCount) })}</span> : null}
                    {c.lastError ? (
                      <details className="small">
                        <summary>{t('chainHealth.lastError', { time: formatDateTime(c.lastErrorAt) })}</summary>
                        <code className="block" data-technical>
                          {c.lastError}
                        </code>
                      </details>
                    ) : null}
                  </td>
                  <td className="num">{c.lastBlock >= 0 ? formatCount(c.lastBlock) : '—'}</td>
                  <td className="num">{c.headBlock > 0 ? formatCount(c.headBlock) : '—'}</td>
                  <td className="num">{c.isConfigured ? t('chainHealth.lagBlocks', { n: formatCount(c.lagBlocks) }) : '—'}</td>
                  <td className="num">{formatCount(c.confirmingCount)}</td>
                  <td className="nowrap">{c.lastRunAt > 0 ? formatDateTime(c.lastRunAt) : <span className="muted">{t('chainHealth.never')}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}
