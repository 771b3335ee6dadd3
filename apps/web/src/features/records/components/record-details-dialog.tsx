import type { ReactNode } from 'react';
import type { RecordEntry } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@pp/browser-kit';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';
import { RecordAmount, useRejectReason } from './record-amount';
import { RecordStatus } from './record-status';
import { BonusCauseRows } from './bonus-cause';
import { recordTypeName } from './record-type-name';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Every field of one record. */
export function RecordDetailsDialog({
  record,
  coinLabel,
  onClose,
}: {
  record: RecordEntry | null;
  coinLabel: (coinName: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rejectReason = useRejectReason();
  return (
    <Dialog isOpen={record !== null} onClose={onClose} title={t('records.detailsTitle')}>
      {record ? (
        <dl className="info-list info-list-compact">
          <Row label={t('records.number')}>
            <span className="mono break">{record.id}</span>
          </Row>
          <Row label={t('records.time')}>{formatDateTime(record.createdAt, language)}</Row>
          <Row label={t('records.type')}>{recordTypeName(t, record)}</Row>
          {record.exchange ? (
            <Row label={t('records.exchangeType')}>
              {t('exchange.typeName', { source: coinLabel(record.exchange.sourceCoin), target: coinLabel(record.exchange.targetCoin) })}
            </Row>
          ) : null}
          {record.counterparty ? (
            <Row label={t('records.counterparty')}>
              <span data-user-content>{record.counterparty}</span>
            </Row>
          ) : null}
          <Row label={t('records.walletType')}>{coinLabel(record.coinName)}</Row>
          <Row label={t('records.amount')}>
            <RecordAmount record={record} />
          </Row>
          {record.movement === 'move' && record.fromAccount && record.toAccount ? (
            <Row label={t('records.moveLabel')}>
              {t('records.move', { from: t(`records.accounts.${record.fromAccount}`), to: t(`records.accounts.${record.toAccount}`) })}
              <span className="record-note">{t('records.moveNote')}</span>
            </Row>
          ) : null}
          <Row label={t('records.status')}>
            <RecordStatus status={record.status} />
          </Row>
          {record.returned !== null ? (
            <Row label={t('records.returnedLabel')}>
              <span className="amount amount-in">+{formatExact(record.returned, language)}</span>
            </Row>
          ) : null}
          {record.bonus ? <BonusCauseRows cause={record.bonus} /> : null}
          {rejectReason(record) ? <Row label={t('records.reason')}>{rejectReason(record)}</Row> : null}
          {/* Only a staff adjustment carries a note written for the member; other memos are internal. */}
          {record.type === 'airdrop' || record.type === 'underweight' ? (
            <Row label={t('records.memo')}>
              {record.memo.trim() === '' ? (
                t('common.none')
              ) : (
                <span className="break" data-user-content>
                  {record.memo}
                </span>
              )}
            </Row>
          ) : null}
        </dl>
      ) : null}
    </Dialog>
  );
}
