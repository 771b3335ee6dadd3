import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, isSafeLink, languageNames, languages, type BannerAdminEntry, type Language } from '@pp/contract';
import { SwitchField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { formatDateTime } from '../../../lib/format';
import { deleteBanner, saveBanner, uploadContentImage, useBannerAdminList } from '../api/banners';
import { ContentList, EditorActions } from './content-list';
import { LanguagePicker } from './language-picker';
import { PublishWindowFields, usePublishWindow } from './publish-window';

type Slot = { title: string; imageId: string; linkUrl: string; fileName?: string };

function BannerEditor({ entry, onDone }: { entry: BannerAdminEntry | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'zh-CN');
  const [slots, setSlots] = useState<Partial<Record<Language, Slot>>>(() => entry?.translations ?? {});
  const [sortOrder, setSortOrder] = useState(String(entry?.sortOrder ?? 0));
  const [isActive, setIsActive] = useState(entry?.isActive ?? true);
  const times = usePublishWindow(entry);
  const { isPending: isSaving, formError: error, setFormError: setError, run } = useSubmit();
  // An image upload is a submission of its own; its refusal is the API client's toast only.
  const upload = useSubmit();
  const isPending = isSaving || upload.isPending;
  const current: Slot = slots[lang] ?? { title: '', imageId: '', linkUrl: '' };
  const setCurrent = (change: Partial<Slot>) => setSlots((all) => ({ ...all, [lang]: { ...current, ...change } }));
  const linkError = current.linkUrl.trim() !== '' && !isSafeLink(current.linkUrl.trim()) ? t('content.linkUnsafe') : null;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void upload.run(
      () => uploadContentImage(file),
      (info) => setCurrent({ imageId: info.id, fileName: info.fileName }),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const translations = Object.fromEntries(
      Object.entries(slots)
        .filter(([, s]) => s && s.imageId !== '')
        .map(([l, s]) => [l, { title: s!.title, imageId: s!.imageId, linkUrl: s!.linkUrl.trim() }]),
    );
    const publish = times.publishMs;
    const order = Number(sortOrder);
    if (Object.keys(translations).length === 0) return setError(t('content.needImage'));
    if (publish === null) return setError(t('content.needPublishAt'));
    if (!Number.isInteger(order) || order < 0 || order > 10_000) return setError(t('content.orderRange'));
    if (linkError) return setError(linkError);
    const expires = times.expiresMs;
    // The server's rule, said before the round trip.
    if (expires !== null && expires <= publish) return setError(t('errors.content.expiryBeforePublish'));
    void run(
      () => saveBanner({ id: entry?.id, version: entry?.version, translations, sortOrder: order, isActive, publishAt: publish, expiresAt: expires }),
      () => {
        showToast('success', t('content.saved'));
        onDone();
      },
    );
  };

  return (
    <form className="card stack content-editor" onSubmit={submit} aria-label={entry ? t('content.editBanner') : t('content.newBanner')}>
      <h3 className="card-title">{entry ? t('content.editBanner') : t('content.newBanner')}</h3>
      <LanguagePicker value={lang} onChange={setLang} filled={(l) => (slots[l]?.imageId ?? '') !== ''} />
      <div className="field">
        <label className="label" htmlFor="banner-image">
          {t('content.image', { language: languageNames[lang] })}
        </label>
        <input id="banner-image" type="file" accept="image/jpeg,image/png,image/webp" onChange={onFile} disabled={isPending} />
        <p className="hint">{current.imageId ? t('content.imageChosen', { name: current.fileName || current.imageId }) : t('content.imageHint')}</p>
      </div>
      <TextField id="banner-title" label={t('content.bannerTitle')} value={current.title} onValueChange={(title) => setCurrent({ title })} maxLength={200} />
      <TextField
        id="banner-link"
        label={t('content.link')}
        value={current.linkUrl}
        onValueChange={(linkUrl) => setCurrent({ linkUrl })}
        hint={t('content.linkHint')}
        error={linkError}
        maxLength={500}
      />
      <TextField id="banner-order" label={t('content.order')} value={sortOrder} onValueChange={setSortOrder} inputMode="numeric" />
      <SwitchField label={t('content.active')} checked={isActive} onCheckedChange={setIsActive} stateText={isActive ? t('common.on') : t('common.off')} />
      <PublishWindowFields idPrefix="banner" window={times} />
      <EditorActions error={error} isPending={isPending} actionLabel={t('content.save')} onCancel={onDone} />
    </form>
  );
}

/** Dashboard banners (appMediaList): image, title and link per language, in staff's order. */
export function BannersTab() {
  const { t } = useTranslation();
  const list = useBannerAdminList();
  return (
    <ContentList
      id="banners-title"
      title={t('content.tabs.banners')}
      query={list}
      items={list.data ?? []}
      empty={t('content.noBanners')}
      newLabel={t('content.newBanner')}
      editor={(entry, onDone) => <BannerEditor entry={entry} onDone={onDone} />}
      deleteQuestion={() => t('content.confirmDeleteBanner')}
      onDelete={(entry) => deleteBanner(entry.id)}
      head={
        <>
          <th scope="col">{t('content.order')}</th>
          <th scope="col">{t('content.bannerTitle')}</th>
          <th scope="col">{t('content.link')}</th>
          <th scope="col">{t('content.publishAt')}</th>
          <th scope="col">{t('content.active')}</th>
        </>
      }
      cells={(b) => {
        const first = languages.map((l) => b.translations[l]).find((x) => x);
        return (
          <>
            <td>{b.sortOrder}</td>
            <td>{first?.title ?? ''}</td>
            <td className="break">{first?.linkUrl ?? ''}</td>
            <td>{formatDateTime(b.publishAt)}</td>
            <td>{b.isActive ? t('common.on') : t('common.off')}</td>
          </>
        );
      }}
    />
  );
}
