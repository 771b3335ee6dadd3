import type { ReactNode } from 'react';
import type { RecordEntry } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { RecordStatus } from './record-status';
import { SignedAmount } from './signed-amount';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Every field of one record. */
export function RecordDetailsDialog({ record, coinLabel, onClose }: { record: RecordEntry | null; coinLabel: (coinName: string) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Dialog isOpen={record !== null} onClose={onClose} title={t('records.detailsTitle')}>
      {record ? (
        <dl className="info-list info-list-compact">
          <Row label={t('records.number')}>
            <span className="mono break">{record.id}</span>
          </Row>
          <Row label={t('records.time')}>{formatDateTime(record.createdAt, language)}</Row>
          <Row label={t('records.type')}>{t(`records.types.${record.type}`)}</Row>
          <Row label={t('records.walletType')}>{coinLabel(record.coinName)}</Row>
          <Row label={t('records.amount')}>
            <SignedAmount value={record.amount} />
          </Row>
          <Row label={t('records.status')}>
            <RecordStatus status={record.status} />
          </Row>
          <Row label={t('records.memo')}>{record.memo.trim() === '' ? t('common.none') : <span className="break">{record.memo}</span>}</Row>
        </dl>
      ) : null}
    </Dialog>
  );
}
