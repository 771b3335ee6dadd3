import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages, type AnnouncementAdminEntry, type Language } from '@pp/contract';
import { SwitchField, TextAreaField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { Badge } from '../../../components/ui/badge';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ListBody } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/staff-session';
import { deleteAnnouncement, saveAnnouncement, useAnnouncementAdminList } from '../api/announcements';
import { fromLocalInput, toLocalInput } from '../content-form';
import { LanguagePicker } from './language-picker';

type Texts = Partial<Record<Language, { title: string; body: string }>>;

function titleOf(entry: AnnouncementAdminEntry, lang: string): string {
  const own = isLanguage(lang) ? entry.translations[lang]?.title : undefined;
  return own ?? languages.map((l) => entry.translations[l]?.title).find((x) => x) ?? '';
}

function AnnouncementEditor({ entry, onDone }: { entry: AnnouncementAdminEntry | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'zh-CN');
  const [texts, setTexts] = useState<Texts>(() => entry?.translations ?? {});
  const [isPinned, setIsPinned] = useState(entry?.isPinned ?? false);
  const [publishAt, setPublishAt] = useState(() => toLocalInput(entry?.publishAt ?? Date.now()));
  const [expiresAt, setExpiresAt] = useState(toLocalInput(entry?.expiresAt ?? null));
  const { isPending, formError: error, setFormError: setError, run } = useSubmit();
  const current = texts[lang] ?? { title: '', body: '' };
  const setCurrent = (change: Partial<{ title: string; body: string }>) => setTexts((all) => ({ ...all, [lang]: { ...current, ...change } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const translations = Object.fromEntries(Object.entries(texts).filter(([, v]) => v && v.title.trim() !== ''));
    const publish = fromLocalInput(publishAt);
    if (Object.keys(translations).length === 0) return setError(t('content.needTitle'));
    if (publish === null) return setError(t('content.needPublishAt'));
    const expires = fromLocalInput(expiresAt);
    // The server's rule, said before the round trip.
    if (expires !== null && expires <= publish) return setError(t('errors.content.expiryBeforePublish'));
    void run(
      () => saveAnnouncement({ id: entry?.id, version: entry?.version, translations, isPinned, publishAt: publish, expiresAt: expires }),
      () => {
        showToast('success', t('content.saved'));
        onDone();
      },
    );
  };

  return (
    <form className="card stack content-editor" onSubmit={submit} aria-label={entry ? t('content.editAnnouncement') : t('content.newAnnouncement')}>
      <h3 className="card-title">{entry ? t('content.editAnnouncement') : t('content.newAnnouncement')}</h3>
      <LanguagePicker value={lang} onChange={setLang} filled={(l) => (texts[l]?.title ?? '') !== ''} />
      <TextField
        id="announcement-title"
        label={t('content.title', { language: languageNames[lang] })}
        value={current.title}
        onValueChange={(title) => setCurrent({ title })}
        maxLength={200}
      />
      <TextAreaField
        id="announcement-body"
        label={t('content.body')}
        value={current.body}
        onValueChange={(body) => setCurrent({ body })}
        rows={8}
        hint={t('content.bodyHint')}
      />
      <SwitchField label={t('content.pinned')} checked={isPinned} onCheckedChange={setIsPinned} stateText={isPinned ? t('common.yes') : t('common.no')} />
      <TextField id="announcement-publish" type="datetime-local" label={t('content.publishAt')} value={publishAt} onValueChange={setPublishAt} />
      <TextField
        id="announcement-expires"
        type="datetime-local"
        label={t('content.expiresAt')}
        value={expiresAt}
        onValueChange={setExpiresAt}
        hint={t('content.expiresHint')}
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={isPending} aria-busy={isPending}>
          {t('content.save')}
        </button>
        <button type="button" className="btn" onClick={onDone} disabled={isPending}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Announcements: newest first; content staff write them per language, pinned or not, with a window. */
export function AnnouncementsTab() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const { query: list, items } = useAnnouncementAdminList();
  const [editing, setEditing] = useState<AnnouncementAdminEntry | null | 'new'>(null);
  // The moment the list was opened: the states it shows are as of then.
  const [now] = useState(() => Date.now());
  const confirm = useConfirm();
  const remove = async (entry: AnnouncementAdminEntry) => {
    if (
      !(await confirm.ask({ message: t('content.confirmDelete', { title: titleOf(entry, i18n.language) }), confirmLabel: t('content.delete'), tone: 'danger' }))
    )
      return;
    await deleteAnnouncement(entry.id).catch(() => undefined);
  };
  return (
    <div className="stack">
      {confirm.element}
      {can('content.manage') && editing === null ? (
        <div>
          <button type="button" className="btn btn-primary btn-small" onClick={() => setEditing('new')}>
            {t('content.newAnnouncement')}
          </button>
        </div>
      ) : null}
      {editing !== null ? (
        <AnnouncementEditor key={editing === 'new' ? 'new' : editing.id} entry={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : null}
      <ListBody query={list} isEmpty={items.length === 0} empty={t('content.noAnnouncements')} label={t('content.tabs.announcements')}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('content.titleColumn')}</th>
              <th scope="col">{t('content.languages')}</th>
              <th scope="col">{t('content.publishAt')}</th>
              <th scope="col">{t('content.state')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => {
              const state = a.publishAt > now ? 'scheduled' : a.expiresAt !== null && a.expiresAt <= now ? 'expired' : 'live';
              return (
                <tr key={a.id}>
                  <td>
                    {a.isPinned ? <Badge tone="info">{t('content.pinned')}</Badge> : null} {titleOf(a, i18n.language)}
                  </td>
                  <td>{languages.filter((l) => a.translations[l]).join(', ')}</td>
                  <td>{formatDateTime(a.publishAt)}</td>
                  <td>{t(`content.states.${state}`)}</td>
                  <td className="row-actions">
                    {can('content.manage') ? (
                      <>
                        <button type="button" className="btn btn-small" onClick={() => setEditing(a)}>
                          {t('content.edit')}
                        </button>
                        <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(a)}>
                          {t('content.delete')}
                        </button>
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListBody>
    </div>
  );
}
