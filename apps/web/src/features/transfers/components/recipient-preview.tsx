import { useTranslation } from 'react-i18next';
import { ApiError } from '@pp/browser-kit';
import type { TransferRecipientCheck } from '@pp/contract';
import { RecipientAvatar } from './recipient-avatar';

interface RecipientPreviewProps {
  /** The name as settled after typing; '' shows nothing. */
  name: string;
  /** The member is still typing: what shows is about an older name. */
  isStale: boolean;
  check: { data?: TransferRecipientCheck; isError: boolean; error: unknown; isFetching: boolean; isPlaceholderData: boolean };
}

/** Under the recipient field: who the typed name belongs to, masked, or why no one (decision 093). */
export function RecipientPreview({ name, isStale, check }: RecipientPreviewProps) {
  const { t } = useTranslation();
  if (name === '') return null;
  let body;
  if (isStale || (check.isFetching && (check.isPlaceholderData || !check.data))) {
    body = (
      <span className="recipient-preview-note" role="status">
        {t('transfer.recipient.checking')}
      </span>
    );
  } else if (check.isError) {
    const isLimited = check.error instanceof ApiError && check.error.errorKey === 'rate.limited';
    body = <span className="recipient-preview-note">{isLimited ? t('transfer.recipient.limited') : t('transfer.recipient.failed')}</span>;
  } else if (check.data?.isSelf) {
    body = <span className="recipient-preview-note is-warning">{t('transfer.recipient.self')}</span>;
  } else if (check.data?.recipient) {
    body = (
      <>
        <RecipientAvatar avatar={check.data.recipient.avatar} />
        <span>
          <span className="recipient-preview-label">{t('transfer.recipient.found')}</span>
          <strong className="recipient-preview-name">{check.data.recipient.maskedName}</strong>
        </span>
      </>
    );
  } else if (check.data) {
    body = <span className="recipient-preview-note is-warning">{t('transfer.recipient.notFound')}</span>;
  } else {
    return null;
  }
  return (
    <div className="recipient-preview" aria-live="polite" data-testid="recipient-preview">
      {body}
    </div>
  );
}
