import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages, type AnnouncementAdminEntry, type Language } from '@pp/contract';
import { SwitchField, TextAreaField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { deleteAnnouncement, saveAnnouncement, useAnnouncementAdminList } from '../api/announcements';
import { ContentList, EditorActions } from './content-list';
import { LanguagePicker } from './language-picker';
import { PublishWindowFields, usePublishWindow } from './publish-window';

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
  const times = usePublishWindow(entry);
  const { isPending, formError: error, setFormError: setError, run } = useSubmit();
  const current = texts[lang] ?? { title: '', body: '' };
  const setCurrent = (change: Partial<{ title: string; body: string }>) => setTexts((all) => ({ ...all, [lang]: { ...current, ...change } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const translations = Object.fromEntries(Object.entries(texts).filter(([, v]) => v && v.title.trim() !== ''));
    const publish = times.publishMs;
    if (Object.keys(translations).length === 0) return setError(t('content.needTitle'));
    if (publish === null) return setError(t('content.needPublishAt'));
    const expires = times.expiresMs;
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
      <PublishWindowFields idPrefix="announcement" window={times} />
      <EditorActions error={error} isPending={isPending} actionLabel={t('content.save')} onCancel={onDone} />
    </form>
  );
}

/** Announcements: newest first; content staff write them per language, pinned or not, with a window. */
export function AnnouncementsTab() {
  const { t, i18n } = useTranslation();
  const { query: list, items } = useAnnouncementAdminList();
  // The moment the list was opened: the states it shows are as of then.
  const [now] = useState(() => Date.now());
  return (
    <ContentList
      id="announcements-title"
      title={t('content.tabs.announcements')}
      query={list}
      items={items}
      empty={t('content.noAnnouncements')}
      newLabel={t('content.newAnnouncement')}
      editor={(entry, onDone) => <AnnouncementEditor entry={entry} onDone={onDone} />}
      deleteQuestion={(entry) => t('content.confirmDelete', { title: titleOf(entry, i18n.language) })}
      onDelete={(entry) => deleteAnnouncement(entry.id)}
      head={
        <>
          <th scope="col">{t('content.titleColumn')}</th>
          <th scope="col">{t('content.languages')}</th>
          <th scope="col">{t('content.publishAt')}</th>
          <th scope="col">{t('content.state')}</th>
        </>
      }
      cells={(a) => {
        const state = a.publishAt > now ? 'scheduled' : a.expiresAt !== null && a.expiresAt <= now ? 'expired' : 'live';
        return (
          <>
            <td>
              {a.isPinned ? <Badge tone="info">{t('content.pinned')}</Badge> : null} {titleOf(a, i18n.language)}
            </td>
            <td>{languages.filter((l) => a.translations[l]).join(', ')}</td>
            <td>{formatDateTime(a.publishAt)}</td>
            <td>{t(`content.states.${state}`)}</td>
          </>
        );
      }}
    />
  );
}
