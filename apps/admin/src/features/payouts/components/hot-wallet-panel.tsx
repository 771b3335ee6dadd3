import { useTranslation } from 'react-i18next';
import { CopyButton } from '@pp/browser-kit';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icon';
import { ErrorState, Loading } from '../../../components/ui/states';
import { formatExactAmount } from '../../../lib/format';
import { useHotWalletStatus } from '../api/hot-wallet-status';

/**
 * The BEP20 hot wallet (decision 019): its address, what it holds (USDT to pay, BNB for gas),
 * its limits and the last 24 hours' use, and whether the payout job pays on its own. Balances
 * come from the node; when the node cannot be read they are unknown and the error says why.
 */
export function HotWalletPanel() {
  const { t } = useTranslation();
  const status = useHotWalletStatus();
  return (
    <section className="card hot-wallet" aria-labelledby="hot-wallet-title">
      <div className="hot-wallet-head">
        <h2 className="card-title" id="hot-wallet-title">
          {t('hotWallet.title')}
        </h2>
        {status.data ? (
          status.data.address === null ? (
            <Badge>{t('hotWallet.notConfiguredBadge')}</Badge>
          ) : (
            <Badge tone={status.data.autoPayout ? 'success' : 'neutral'}>{status.data.autoPayout ? t('hotWallet.autoOn') : t('hotWallet.autoOff')}</Badge>
          )
        ) : null}
      </div>
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <ErrorState onRetry={() => void status.refetch()} />
      ) : status.data.address === null ? (
        <p className="muted">{t('hotWallet.notConfigured')}</p>
      ) : (
        <>
          <div className="hot-wallet-address">
            <span className="muted">{t('hotWallet.address')}</span>
            <code className="mono break" data-technical>
              {status.data.address}
            </code>
            <CopyButton
              className="btn btn-small btn-copy"
              icon={<Icon name="copy" size={16} />}
              text={status.data.address}
              label={t('hotWallet.copyAddress')}
            />
          </div>
          {status.data.error ? (
            <div className="notice notice-warning" role="alert">
              <p>{t('hotWallet.nodeError')}</p>
              <details className="small">
                <summary>{t('hotWallet.errorDetail')}</summary>
                <code className="block break" data-technical>
                  {status.data.error}
                </code>
              </details>
            </div>
          ) : null}
          <dl className="hot-wallet-figures">
            <Figure label={t('hotWallet.tokenBalance')} value={status.data.tokenBalance} />
            <Figure label={t('hotWallet.gasBalance')} value={status.data.gasBalance} />
            <Figure label={t('hotWallet.perPayoutMax')} value={status.data.perPayoutMax} />
            <Figure label={t('hotWallet.dailyMax')} value={status.data.dailyMax} />
            <Figure label={t('hotWallet.dailyUsed')} value={status.data.dailyUsed} />
          </dl>
        </>
      )}
    </section>
  );
}

/** One figure; the label names its unit (USDT, or BNB for gas). */
function Figure({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value === null ? <span className="muted">{t('hotWallet.unknown')}</span> : formatExactAmount(value)}</dd>
    </div>
  );
}
