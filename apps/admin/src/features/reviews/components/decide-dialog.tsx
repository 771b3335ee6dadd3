import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateOr } from '../../../lib/i18n';
import { SelectField, sendWithKey, useRequestId } from '@pp/browser-kit';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { formatExactAmount } from '../../../lib/format';
import { decideReviews, type Decision, type DecisionResult, type RejectReasonCode } from '../api/review-decide';
import { offeredRejectCodes } from './reject-reasons';

export interface DecideTarget {
  decision: Decision;
  items: ReadonlyArray<{ id: string; queue: string; memberName: string; amount: string; coinName: string }>;
}

interface DecideDialogProps {
  target: DecideTarget | null;
  onClose: () => void;
  onDecided: (results: DecisionResult[]) => void;
}

/**
 * Confirms an approval or a rejection of one or many items. A rejection needs a reason the
 * member reads in their own language (a reason code), plus the staff member's own words when
 * the code is "other"; an approval may have a note. Only the codes of the items' queue are
 * offered (the server refuses the others). The dialog stays until the server answers.
 */
export function DecideDialog({ target, onClose, onDecided }: DecideDialogProps) {
  const { t } = useTranslation();
  const requestIds = useRequestId();
  const [code, setCode] = useState<RejectReasonCode | ''>('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const isReject = target?.decision === 'reject';
  const count = target?.items.length ?? 0;
  const first = target?.items[0];
  const codes = offeredRejectCodes(target?.items ?? []);

  function close() {
    setCode('');
    setCodeError(null);
    onClose();
  }

  return (
    <ReasonDialog
      isOpen={target !== null}
      onClose={close}
      title={isReject ? t('reviews.rejectTitle', { count }) : t('reviews.approveTitle', { count })}
      description={
        count === 1 && first ? (
          <p>
            {t('reviews.confirmOne', {
              member: first.memberName,
              amount: `${formatExactAmount(first.amount)} ${translateOr(`coins.${first.coinName}`, first.coinName)}`,
            })}
          </p>
        ) : (
          <p>{t('reviews.confirmMany', { count })}</p>
        )
      }
      confirmLabel={isReject ? t('reviews.reject') : t('reviews.approve')}
      tone={isReject ? 'danger' : 'primary'}
      isReasonRequired={isReject && code === 'other'}
      reasonLabel={isReject ? (code === 'other' ? t('reviews.rejectNote') : t('reviews.rejectNoteOptional')) : t('form.reasonOptional')}
      reasonHint={isReject ? t('reviews.rejectReasonHint') : t('form.reasonHint')}
      reasonId="decide-reason"
      validate={() => {
        if (!isReject || code !== '') return true;
        setCodeError(t('reviews.chooseRejectReason'));
        return false;
      }}
      onConfirm={async (reason) => {
        if (!target) return;
        const ids = target.items.map((item) => item.id);
        const reasonCode = isReject && code !== '' ? code : undefined;
        const payload = { ids, decision: target.decision, reasonCode, reason };
        const results = await sendWithKey(requestIds, payload, decideReviews);
        setCode('');
        onDecided(results);
      }}
    >
      {isReject ? (
        <SelectField
          id="decide-reason-code"
          label={t('reviews.rejectReasonLabel')}
          value={code}
          onValueChange={(value) => {
            setCode(value as RejectReasonCode | '');
            setCodeError(null);
          }}
          options={[{ value: '', label: t('common.choose') }, ...codes.map((c) => ({ value: c, label: t(`rejectReasons.${c}`) }))]}
          hint={t('reviews.rejectCodeHint')}
          error={codeError}
          required
        />
      ) : null}
    </ReasonDialog>
  );
}
