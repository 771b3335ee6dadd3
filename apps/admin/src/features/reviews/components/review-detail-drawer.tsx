import { useTranslation } from 'react-i18next';
import { translateOr } from '../../../lib/i18n';
import type { ReviewItem } from '@pp/contract';
import { Dialog } from '@pp/browser-kit';
import { ErrorState, Loading } from '../../../components/ui/states';
import { formatDateTime, formatExactAmount } from '../../../lib/format';
import { useReviewDetail } from '../api/review-detail';
import type { Decision } from '../api/review-decide';
import { EvidenceList } from './evidence-list';
import { canApproveIn, isDecidable, StatusBadge, SummaryList } from './review-bits';

interface ReviewDetailDrawerProps {
  id: string | null;
  onClose: () => void;
  canDecide: boolean;
  onDecide: (item: ReviewItem, decision: Decision) => void;
}

/** One item with its evidence and decision history; approve and reject from here. */
export function ReviewDetailDrawer({ id, onClose, canDecide, onDecide }: ReviewDetailDrawerProps) {
  const { t } = useTranslation();
  const detail = useReviewDetail(id);
  return (
    <Dialog isOpen={id !== null} onClose={onClose} title={t('reviews.detailTitle')} variant="drawer">
      {detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <ErrorState onRetry={() => void detail.refetch()} />
      ) : (
        <ReviewDetail item={detail.data} canDecide={canDecide} onDecide={onDecide} />
      )}
    </Dialog>
  );
}

function ReviewDetail({ item, canDecide, onDecide }: { item: ReviewItem; canDecide: boolean; onDecide: (item: ReviewItem, decision: Decision) => void }) {
  const { t } = useTranslation();
  // A decision's reason comes typed: the code shown translated, then the words.
  const decisionReason = (d: ReviewItem['decisions'][number]) => [d.reasonCode ? t(`rejectReasons.${d.reasonCode}`) : '', d.note].filter(Boolean).join(': ');
  return (
    <div className="detail">
      <dl className="facts">
        <div>
          <dt>{t('reviews.col.status')}</dt>
          <dd>
            <StatusBadge status={item.status} />
          </dd>
        </div>
        <div>
          <dt>{t('reviews.col.member')}</dt>
          <dd>{item.memberName}</dd>
        </div>
        <div>
          <dt>{t('reviews.col.amount')}</dt>
          <dd>
            {formatExactAmount(item.amount)} {translateOr(`coins.${item.coinName}`, item.coinName)}
          </dd>
        </div>
        <div>
          <dt>{t('reviews.col.created')}</dt>
          <dd>{formatDateTime(item.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('reviews.id')}</dt>
          <dd className="mono break">{item.id}</dd>
        </div>
      </dl>
      {!canApproveIn(item.queue) && isDecidable(item) ? <p className="notice notice-warning">{t('reviews.rejectOnlyNote')}</p> : null}
      {item.needsSecondApproval ? (
        <p className="notice notice-warning">{item.status === 'awaitingSecond' ? t('reviews.awaitingSecondNote') : t('reviews.needsSecondNote')}</p>
      ) : null}
      {typeof item.summary.duplicateReceiptNumber === 'string' ? (
        <p className="notice notice-warning">{t('reviews.duplicateReceiptNumberNote', { numbers: item.summary.duplicateReceiptNumber })}</p>
      ) : null}
      {typeof item.summary.duplicateImage === 'string' ? (
        <p className="notice notice-warning">{t('reviews.duplicateImageNote', { numbers: item.summary.duplicateImage })}</p>
      ) : null}
      {item.rejectReasonCode || item.rejectReason ? (
        <section>
          <h3 className="section-title">{t('reviews.rejectReason')}</h3>
          {item.rejectReasonCode ? <p>{t(`rejectReasons.${item.rejectReasonCode}`)}</p> : null}
          {item.rejectReason ? <p className="quote">{item.rejectReason}</p> : null}
        </section>
      ) : null}
      <section>
        <h3 className="section-title">{t('reviews.summary')}</h3>
        {Object.keys(item.summary).length > 0 ? <SummaryList summary={item.summary} /> : <p className="muted">{t('common.none')}</p>}
      </section>
      <section>
        <h3 className="section-title">{t('reviews.evidence')}</h3>
        <EvidenceList evidence={item.evidence} />
      </section>
      <section>
        <h3 className="section-title">{t('reviews.decisions')}</h3>
        {item.decisions.length === 0 ? (
          <p className="muted">{t('reviews.noDecisions')}</p>
        ) : (
          <ol className="timeline">
            {item.decisions.map((d, index) => (
              <li key={`${d.at}-${index}`}>
                <p>
                  <strong>{d.staffName}</strong> {d.decision === 'approve' ? t('reviews.decidedApprove') : t('reviews.decidedReject')}{' '}
                  <span className="muted">{formatDateTime(d.at)}</span>
                </p>
                {d.reasonCode || d.note ? <p className="quote">{decisionReason(d)}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      {canDecide && isDecidable(item) ? (
        <div className="detail-actions">
          <button type="button" className="btn btn-danger" onClick={() => onDecide(item, 'reject')}>
            {t('reviews.reject')}
          </button>
          {/* The server says whether this staff member may approve (not the maker, not the first approver). */}
          {canApproveIn(item.queue) && item.canApprove ? (
            <button type="button" className="btn btn-primary" onClick={() => onDecide(item, 'approve')}>
              {t('reviews.approve')}
            </button>
          ) : null}
        </div>
      ) : null}
      {canDecide && isDecidable(item) && canApproveIn(item.queue) && !item.canApprove ? <p className="muted">{t('reviews.notYours')}</p> : null}
    </div>
  );
}
