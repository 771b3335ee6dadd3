import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@pp/browser-kit';
import { fromLocalInput, toLocalInput } from '../content-form';

/** When an announcement or a banner shows: from its publish time until it expires (if ever). */
export function usePublishWindow(entry: { publishAt: number; expiresAt: number | null } | null) {
  const [publishAt, setPublishAt] = useState(() => toLocalInput(entry?.publishAt ?? Date.now()));
  const [expiresAt, setExpiresAt] = useState(() => toLocalInput(entry?.expiresAt ?? null));
  return { publishAt, setPublishAt, expiresAt, setExpiresAt, publishMs: fromLocalInput(publishAt), expiresMs: fromLocalInput(expiresAt) };
}

export type PublishWindow = ReturnType<typeof usePublishWindow>;

/** The editor's two time fields, `<idPrefix>-publish` and `<idPrefix>-expires`. */
export function PublishWindowFields({ idPrefix, window: times }: { idPrefix: string; window: PublishWindow }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField id={`${idPrefix}-publish`} type="datetime-local" label={t('content.publishAt')} value={times.publishAt} onValueChange={times.setPublishAt} />
      <TextField
        id={`${idPrefix}-expires`}
        type="datetime-local"
        label={t('content.expiresAt')}
        value={times.expiresAt}
        onValueChange={times.setExpiresAt}
        hint={t('content.expiresHint')}
      />
    </>
  );
}
