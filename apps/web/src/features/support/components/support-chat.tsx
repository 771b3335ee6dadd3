/**
 * The member's live chat with customer service (decision 024): the conversation, newest at the
 * bottom, older pages on demand, a message box (with a hardware keyboard Enter sends and
 * Shift+Enter breaks the line; on a touch screen Enter breaks the line and Send sends) and an
 * image attachment through the same checks as deposit receipts. Messages and file names are
 * shown as text only. New messages arrive through the support socket's "changed" push.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, sendWithKey, useSubmit, useSupportSocket } from '@pp/browser-kit';
import { supportLimits, uploadLimits, type SupportMessage } from '@pp/contract';
import { getToken } from '../../../lib/storage';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatDateTime } from '../../../lib/dates';
import { formatLocale } from '../../../lib/i18n';
import { createUpload, base64Of } from '../../../lib/upload-create';
import { shrinkForUpload } from '../../../lib/shrink-image';
import { paths } from '../../../lib/paths';
import { SupportHours } from '../../../components/ui/support-hours';
import { useSupportConfig, markSupportRead, olderMessages, sendSupportMessage, supportAttachment, supportKeys, useSupportThread } from '../api';

function Attachment({ id, fileName }: { id: string; fileName: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [isFailed, setIsFailed] = useState(false);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const open = async () => {
    try {
      const file = await supportAttachment(id);
      const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
      setUrl(URL.createObjectURL(new Blob([bytes], { type: file.mimeType })));
    } catch {
      setIsFailed(true);
    }
  };
  if (url) return <img className="chat-image" src={url} alt={t('support.chat.imageAlt', { name: fileName })} />;
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={() => void open()}>
      {isFailed ? t('support.chat.imageFailed') : t('support.chat.showImage', { name: fileName || t('support.chat.image') })}
    </button>
  );
}

/**
 * A fine pointer (a mouse or a trackpad) is where a hardware keyboard is likely. A phone's on-screen
 * keyboard has no Shift+Enter, so there Enter keeps its meaning of a new line and the hint leaves
 * the shortcut out.
 */
const keyboardQuery = '(pointer: fine)';

/** `onOpenHelp`: the help centre link was followed (the dialog around the chat closes). */
export function SupportChat({ onOpenHelp }: { onOpenHelp?: () => void } = {}) {
  const { t } = useTranslation();
  const hasKeyboard = useMediaQuery(keyboardQuery);
  const queryClient = useQueryClient();
  const thread = useSupportThread(true);
  const supportConfig = useSupportConfig();
  const [older, setOlder] = useState<{ messages: SupportMessage[]; cursor: string | null } | null>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { isPending: isSending, isRunning, formError: error, setFormError: setError, requestId: requestIds, run } = useSubmit();
  const logRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useSupportSocket(getToken(), 'USER', () => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.thread });
    void queryClient.invalidateQueries({ queryKey: supportKeys.unread });
  });

  const unread = thread.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void markSupportRead().then(() => queryClient.invalidateQueries({ queryKey: supportKeys.unread }));
  }, [unread, queryClient]);

  const messages = [...(older?.messages ?? []), ...(thread.data?.messages ?? [])];
  const count = messages.length;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  const olderCursor = older ? older.cursor : (thread.data?.olderCursor ?? null);
  const loadOlder = async () => {
    if (!olderCursor) return;
    const page = await olderMessages(olderCursor);
    setOlder({ messages: [...page.messages, ...(older?.messages ?? [])], cursor: page.olderCursor });
  };

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (isRunning()) return;
    const body = text.trim();
    if (!body && !file) {
      setError(t('validation.enterMessage'));
      return;
    }
    void run(
      async () => {
        try {
          let uploadId: string | undefined;
          if (file) {
            const blob = await shrinkForUpload(file, uploadLimits.browserImageSidePx, uploadLimits.uploadBytesMax);
            uploadId = (await createUpload({ fileName: file.name, content: await base64Of(blob) })).id;
          }
          await sendWithKey(requestIds, { body, uploadId }, (message, requestId) =>
            sendSupportMessage({ requestId, body: message.body, ...(message.uploadId ? { uploadId: message.uploadId } : {}) }),
          );
        } catch (failure) {
          // Not an answer of the server (e.g. the image could not be read): said in words of its own.
          throw failure instanceof ApiError ? failure : new ApiError('network', t('support.chat.sendFailed'));
        }
      },
      async () => {
        setText('');
        setFile(null);
        if (fileRef.current) fileRef.current.value = '';
        await queryClient.invalidateQueries({ queryKey: supportKeys.thread });
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (hasKeyboard && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className="chat">
      {thread.isPending ? (
        <p className="chat-state" role="status">
          {t('support.chat.loading')}
        </p>
      ) : thread.isError ? (
        <div className="chat-state" role="alert">
          <p>{t('support.chat.loadFailed')}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void thread.refetch()}>
            {t('support.chat.retry')}
          </button>
        </div>
      ) : (
        <>
          {olderCursor && (
            <button type="button" className="btn btn-ghost btn-small" onClick={() => void loadOlder()}>
              {t('support.chat.older')}
            </button>
          )}
          {count === 0 ? (
            <div className="chat-state">
              <p>{t('support.chat.empty')}</p>
              <SupportHours config={supportConfig.data} />
            </div>
          ) : (
            <ol className="chat-log" ref={logRef} aria-label={t('support.chat.history')} aria-live="polite" tabIndex={0}>
              {messages.map((m) => (
                <li key={m.id} className={`chat-message chat-message-${m.author === 'member' ? 'mine' : 'theirs'}`} data-testid="chat-message">
                  <span className="chat-author">{m.author === 'member' ? t('support.chat.you') : t('support.chat.agent')}</span>
                  {m.body && <p className="chat-body">{m.body}</p>}
                  {m.attachment && <Attachment id={m.attachment.id} fileName={m.attachment.fileName} />}
                  <time className="chat-time" dateTime={new Date(m.createdAt).toISOString()}>
                    {formatDateTime(m.createdAt, formatLocale())}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <p className="chat-help">
        <Link to={paths.help} onClick={onOpenHelp}>
          {t('support.chat.helpLink')}
        </Link>
      </p>
      <form className="chat-compose" onSubmit={send}>
        <label className="field-label" htmlFor="chat-text">
          {t('support.chat.messageLabel')}
        </label>
        <textarea
          id="chat-text"
          className="input chat-input"
          value={text}
          maxLength={supportLimits.messageCharsMax}
          rows={2}
          placeholder={t('support.chat.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="chat-hint"
        />
        <p id="chat-hint" className="field-hint">
          {t(hasKeyboard ? 'support.chat.hint' : 'support.chat.limitHint', { max: supportLimits.messageCharsMax })}
        </p>
        <div className="chat-actions">
          <label className="btn btn-secondary btn-small chat-attach">
            {file ? t('support.chat.attached', { name: file.name }) : t('support.chat.attach')}
            <input
              ref={fileRef}
              type="file"
              className="visually-hidden"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          <button type="submit" className="btn btn-primary btn-small" disabled={isSending}>
            {isSending ? t('support.chat.sending') : t('support.chat.send')}
          </button>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
