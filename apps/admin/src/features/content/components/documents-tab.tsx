import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { documentKinds, isLanguage, languageNames, type DocumentKind, type DocumentVersionEntry, type Language } from '@pp/contract';
import { SelectField, TextAreaField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ListCard } from '../../../components/ui/list-page';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/staff-session';
import { publishDocument, useDocumentVersions } from '../api/documents';
import { EditorActions } from './content-list';
import { LanguagePicker } from './language-picker';

function DocumentEditor({ kind, lang, latest }: { kind: DocumentKind; lang: Language; latest: DocumentVersionEntry | null }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(latest?.title ?? '');
  const [body, setBody] = useState(latest?.body ?? '');
  const { isPending, isRunning, formError: error, setFormError: setError, run } = useSubmit();
  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '' || body.trim() === '') return setError(t('content.needTitleBody'));
    if (
      isRunning() ||
      !(await confirm.ask({ message: t('content.confirmPublish', { language: languageNames[lang] }), confirmLabel: t('content.publish'), tone: 'primary' }))
    )
      return;
    await run(
      () => publishDocument({ kind, lang, baseVersion: latest?.version ?? 0, title, body }),
      () => showToast('success', t('content.published')),
    );
  };
  return (
    <>
      {confirm.element}
      <form className="card stack content-editor" onSubmit={(e) => void submit(e)} aria-label={t('content.editDocument')}>
        <TextField id="document-title" label={t('content.title', { language: languageNames[lang] })} value={title} onValueChange={setTitle} maxLength={200} />
        <TextAreaField id="document-body" label={t('content.body')} value={body} onValueChange={setBody} rows={14} hint={t('content.bodyHint')} />
        <EditorActions error={error} isPending={isPending} actionLabel={t('content.publish')} />
      </form>
    </>
  );
}

/** Terms, registration terms and white paper: each language published as numbered versions. */
export function DocumentsTab() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const [kind, setKind] = useState<DocumentKind>('terms');
  const [lang, setLang] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'zh-CN');
  const versions = useDocumentVersions(kind, lang);
  const latest = versions.data?.[0] ?? null;
  return (
    <div className="stack">
      <div className="filters">
        <SelectField
          label={t('content.document')}
          value={kind}
          onValueChange={(v) => setKind(documentKinds.find((k) => k === v) ?? 'terms')}
          options={documentKinds.map((k) => ({ value: k, label: t(`content.kinds.${k}`) }))}
        />
        <LanguagePicker value={lang} onChange={setLang} filled={() => false} />
      </div>
      {versions.isSuccess && can('content.manage') ? (
        <DocumentEditor key={`${kind}:${lang}:${latest?.version ?? 0}`} kind={kind} lang={lang} latest={latest} />
      ) : null}
      <ListCard
        id="document-versions-title"
        title={t('content.versions')}
        isTitleHidden
        query={versions}
        isEmpty={(versions.data ?? []).length === 0}
        empty={t('content.noVersions')}
      >
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('content.version')}</th>
              <th scope="col">{t('content.titleColumn')}</th>
              <th scope="col">{t('content.publishedAt')}</th>
              <th scope="col">{t('content.publishedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {(versions.data ?? []).map((v) => (
              <tr key={v.version}>
                <td>{v.version}</td>
                <td>{v.title}</td>
                <td>{formatDateTime(v.publishedAt)}</td>
                <td>{v.publishedBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListCard>
    </div>
  );
}
