import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { formatAmount, type ChainDepositEntry, type DepositChain, formatExact, usedFractionDigits } from '@pp/contract';
import { CopyButton } from '@pp/browser-kit';
import { LoadMore } from '../../../components/ui/load-more';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { desktopQuery, useMediaQuery } from '../../../lib/use-media-query';
import { useDepositAddress } from '../api/chain-deposit-address';
import { useDepositChains } from '../api/chain-deposit-chains';
import { useChainDepositList } from '../api/chain-deposit-list';

/** Pixels of the QR code image; large enough for a phone camera at arm's length. */
const qrSizePx = 200;

const statusTone: Record<ChainDepositEntry['status'], StatusTone> = {
  confirming: 'pending',
  credited: 'success',
  belowMinimum: 'danger',
  received: 'neutral',
  heldForReview: 'pending',
  rejected: 'danger',
};

/**
 * A deposit's amount with every significant place: a deposit held above the one-movement ceiling
 * reads exactly what was sent, which can have more places than the points scale (decision 037).
 */
const formatDepositAmount = (value: string, language: string) => formatAmount(value, language, Math.max(2, usedFractionDigits(value)));

/** A QR code of the address, drawn in the browser (no third party sees the address). */
function AddressQr({ address, label }: { address: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 1, width: qrSizePx })
      .then((url) => {
        if (isCurrent) setDataUrl(url);
      })
      .catch(() => {
        if (isCurrent) setDataUrl(null);
      });
    return () => {
      isCurrent = false;
    };
  }, [address]);
  if (!dataUrl) return <div className="deposit-qr" aria-busy="true" />;
  return <img className="deposit-qr" src={dataUrl} alt={label} width={qrSizePx} height={qrSizePx} />;
}

/**
 * The USDT on-chain deposit: the member's permanent address on the chosen chain (BEP20 or TRC20)
 * with a QR code and a copy button, the minimum and the confirmations, and the recent chain
 * deposits with their confirmations. The /recharge page shows it in its USDT tab.
 */
export function ChainDepositPanel() {
  const { t } = useTranslation();
  const chains = useDepositChains();
  const [picked, setPicked] = useState<DepositChain | undefined>(undefined);
  const name = useId();
  const available = chains.data ?? [];
  const chain = picked && available.some((c) => c.chain === picked) ? picked : available[0]?.chain;
  const settings = available.find((c) => c.chain === chain);
  const address = useDepositAddress(chain);
  const language = currentLanguage();

  let addressBody;
  if (chains.isError || address.isError) {
    addressBody = (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void (chains.isError ? chains.refetch() : address.refetch())}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (chains.data && available.length === 0) {
    addressBody = <p className="empty">{t('chainDeposit.unavailable')}</p>;
  } else if (address.data && settings) {
    const chainName = t(`chainDeposit.chains.${address.data.chain}`);
    addressBody = (
      <div className="stack-tight deposit-address">
        <AddressQr address={address.data.address} label={t('chainDeposit.qrAlt', { chain: chainName })} />
        <p className="field-label">{t('chainDeposit.yourAddress', { chain: chainName })}</p>
        <div className="copy-row">
          <code className="mono break" data-user-content>
            {address.data.address}
          </code>
          <CopyButton text={address.data.address} label={t('chainDeposit.copyAddress', { chain: chainName })} />
        </div>
        <ul className="card-note stack-tight">
          <li>{t('chainDeposit.onlyUsdt', { chain: chainName })}</li>
          <li>{t('chainDeposit.minimumNote', { x: formatExact(address.data.minimum, language) })}</li>
          <li>{t('chainDeposit.confirmationsNote', { n: address.data.confirmations })}</li>
          <li>{t('chainDeposit.permanentNote')}</li>
        </ul>
        <p className="field-hint">
          {t('chainDeposit.tokenContract')}{' '}
          <code className="mono break" data-technical>
            {address.data.tokenAddress}
          </code>
        </p>
      </div>
    );
  } else {
    addressBody = <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  }

  return (
    <div className="stack">
      {available.length > 1 ? (
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('chainDeposit.chooseChain')}</legend>
          {available.map((c) => (
            <label key={c.chain} className={chain === c.chain ? 'segment segment-active' : 'segment'}>
              <input type="radio" name={name} value={c.chain} checked={chain === c.chain} onChange={() => setPicked(c.chain)} className="visually-hidden" />
              {t(`chainDeposit.chains.${c.chain}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {addressBody}
      <section className="stack-tight" aria-labelledby={`${name}-history`}>
        <h3 className="section-title" id={`${name}-history`}>
          {t('chainDeposit.history')}
        </h3>
        <ChainDepositHistory chain={chain} />
      </section>
    </div>
  );
}

/** Recent chain deposits of the chosen chain, with confirmations while they count. */
function ChainDepositHistory({ chain }: { chain: DepositChain | undefined }) {
  const { t } = useTranslation();
  const list = useChainDepositList(chain);
  const isDesktop = useMediaQuery(desktopQuery);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isError && !list.data) {
    return (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!list.data) return <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  if (items.length === 0) return <p className="empty">{t('chainDeposit.empty')}</p>;
  const Rows = isDesktop ? DepositTable : DepositCards;
  return (
    <div aria-busy={list.isFetching && !list.isFetchingNextPage} className={list.isPlaceholderData ? 'is-refreshing' : undefined}>
      <Rows items={items} />
      <LoadMore hasMore={list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
    </div>
  );
}

/** Staff's reason for closing a held deposit: the chosen reason in the member's language and staff's own words. */
function rejectReasonText(deposit: ChainDepositEntry, t: ReturnType<typeof useTranslation>['t']): string {
  const code = deposit.rejectReasonCode && deposit.rejectReasonCode !== 'other' ? t(`exchange.rejectReasons.${deposit.rejectReasonCode}`) : '';
  return [code, deposit.rejectReason?.trim() ?? ''].filter(Boolean).join(' — ') || t('exchange.rejectReasons.other');
}

function DepositStatus({ deposit }: { deposit: ChainDepositEntry }) {
  const { t } = useTranslation();
  return (
    <span className="status-cell">
      <StatusBadge tone={statusTone[deposit.status]}>{t(`chainDeposit.statuses.${deposit.status}`)}</StatusBadge>
      {deposit.status === 'confirming' ? (
        <span className="field-hint">{t('chainDeposit.confirmations', { n: deposit.confirmations, required: deposit.confirmationsRequired })}</span>
      ) : null}
      {deposit.status === 'belowMinimum' || (deposit.status === 'confirming' && deposit.isBelowMinimum) ? (
        <span className="field-hint">{t('chainDeposit.belowMinimumNote')}</span>
      ) : null}
      {deposit.status === 'received' ? <span className="field-hint">{t('chainDeposit.receivedNote')}</span> : null}
      {deposit.status === 'heldForReview' ? <span className="field-hint">{t('chainDeposit.heldForReviewNote')}</span> : null}
      {deposit.status === 'rejected' ? <span className="field-hint">{t('chainDeposit.rejectedNote', { reason: rejectReasonText(deposit, t) })}</span> : null}
    </span>
  );
}

function ExplorerLink({ deposit }: { deposit: ChainDepositEntry }) {
  const { t } = useTranslation();
  const short = `${deposit.txHash.slice(0, 10)}…${deposit.txHash.slice(-6)}`;
  return (
    <a
      href={deposit.explorerUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="mono"
      aria-label={t('chainDeposit.viewOnExplorer', { hash: deposit.txHash })}
      data-technical
    >
      {short}
    </a>
  );
}

function DepositTable({ items }: { items: readonly ChainDepositEntry[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="table-wrap" tabIndex={0} role="group" aria-label={t('chainDeposit.history')}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('chainDeposit.time')}</th>
            <th scope="col">{t('chainDeposit.chain')}</th>
            <th scope="col" className="num">
              {t('chainDeposit.amount')}
            </th>
            <th scope="col">{t('chainDeposit.status')}</th>
            <th scope="col">{t('chainDeposit.transaction')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((d) => (
            <tr key={d.id}>
              <td className="time-cell">{formatDateTime(d.seenAt, language)}</td>
              <td>{t(`chainDeposit.chains.${d.chain}`)}</td>
              <td className="num">{formatDepositAmount(d.amount, language)}</td>
              <td>
                <DepositStatus deposit={d} />
              </td>
              <td>
                <ExplorerLink deposit={d} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DepositCards({ items }: { items: readonly ChainDepositEntry[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ul className="card-list">
      {items.map((d) => (
        <li key={d.id} className="list-card">
          <div className="list-card-row">
            <span className="list-card-title">{t(`chainDeposit.chains.${d.chain}`)}</span>
            <span className="amount">
              {formatDepositAmount(d.amount, language)} {t('coins.USDT')}
            </span>
          </div>
          <dl className="list-card-fields">
            <div>
              <dt>{t('chainDeposit.time')}</dt>
              <dd>{formatDateTime(d.seenAt, language)}</dd>
            </div>
            <div>
              <dt>{t('chainDeposit.status')}</dt>
              <dd>
                <DepositStatus deposit={d} />
              </dd>
            </div>
            <div>
              <dt>{t('chainDeposit.transaction')}</dt>
              <dd>
                <ExplorerLink deposit={d} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
