/**
 * The staff support inbox (decision 024): conversations newest first (all, mine, unassigned)
 * with their unread counts; the open conversation's messages, a reply box and its assignment.
 * New member messages arrive through the support socket's "changed" push; messages and file
 * names are shown as text only.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, useSubmit, useSupportSocket } from '@pp/browser-kit';
import { supportInboxFilters, supportLimits, type SupportMessage } from '@pp/contract';
import { PageHeader } from '../../../components/ui/page-header';
import { Badge } from '../../../components/ui/badge';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { getToken } from '../../../lib/storage';
import { useStaff } from '../../../lib/staff-session';
import {
  assignConversation,
  olderStaffMessages,
  staffAttachment,
  staffRead,
  staffSend,
  supportKeys,
  useAgents,
  useInbox,
  useStaffThread,
  type InboxFilter,
} from '../api';

/**
 * A fine pointer (a mouse or a trackpad) is where a hardware keyboard is likely. A phone's on-screen
 * keyboard has no Shift+Enter, so there Enter keeps its meaning of a new line, the send button sends,
 * and the hint leaves the shortcut out. Read once: a device does not change its pointer mid-reply.
 */
const hasKeyboard = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;

function Attachment({ id, fileName }: { id: string; fileName: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [isFailed, setIsFailed] = useState(false);
  const open = async () => {
    try {
      const file = await staffAttachment(id);
      const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
      setUrl(URL.createObjectURL(new Blob([bytes], { type: file.mimeType })));
    } catch {
      setIsFailed(true);
    }
  };
  if (url) return <img className="chat-image" src={url} alt={t('support.imageAlt', { name: fileName })} />;
  return (
    <button type="button" className="btn btn-small" onClick={() => void open()}>
      {isFailed ? t('support.imageFailed') : t('support.showImage', { name: fileName || t('support.image') })}
    </button>
  );
}

function Thread({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const me = useStaff();
  const queryClient = useQueryClient();
  const thread = useStaffThread(conversationId);
  const agents = useAgents();
  const [older, setOlder] = useState<{ messages: SupportMessage[]; cursor: string | null } | null>(null);
  const [text, setText] = useState('');
  const { isPending: isSending, isRunning, formError: error, setFormError: setError, runWithKey } = useSubmit();
  const logRef = useRef<HTMLOListElement>(null);

  const unread = thread.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void staffRead(conversationId).then(() => queryClient.invalidateQueries({ queryKey: ['support', 'inbox'] }));
  }, [unread, conversationId, queryClient]);
  const messages = [...(older?.messages ?? []), ...(thread.data?.messages ?? [])];
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  if (thread.isPending) return <Loading />;
  if (thread.isError) return <ErrorState onRetry={() => void thread.refetch()} />;
  const conversation = thread.data.conversation;
  const olderCursor = older ? older.cursor : thread.data.olderCursor;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || isRunning()) return;
    void runWithKey(
      { conversationId, body },
      async (message, requestId) => {
        try {
          await staffSend({ conversationId: message.conversationId, requestId, body: message.body });
        } catch (failure) {
          throw failure instanceof ApiError ? failure : new ApiError('network', t('support.sendFailed'));
        }
      },
      async () => {
        setText('');
        await queryClient.invalidateQueries({ queryKey: supportKeys.all });
      },
    );
  };
  const assign = async (staffId: string | null) => {
    try {
      await assignConversation(conversationId, staffId);
      await queryClient.invalidateQueries({ queryKey: supportKeys.all });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('support.assignFailed'));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (hasKeyboard && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <section className="card card-pad support-thread" aria-labelledby="support-thread-title">
      <div className="support-thread-head">
        <h2 id="support-thread-title" className="section-title">
          {t('support.with', { name: conversation.memberUserName })}
        </h2>
        <div className="support-assign">
          <label className="field-label" htmlFor="support-assignee">
            {t('support.assignee')}
          </label>
          <select id="support-assignee" className="input" value={conversation.assignedStaffId ?? ''} onChange={(e) => void assign(e.target.value || null)}>
            <option value="">{t('support.unassigned')}</option>
            {(agents.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.userName}
              </option>
            ))}
          </select>
          {conversation.assignedStaffId !== me.id && (
            <button type="button" className="btn btn-small" onClick={() => void assign(me.id)}>
              {t('support.assignToMe')}
            </button>
          )}
        </div>
      </div>
      {olderCursor && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() =>
            void olderStaffMessages(conversationId, olderCursor).then((page) =>
              setOlder({ messages: [...page.messages, ...(older?.messages ?? [])], cursor: page.olderCursor }),
            )
          }
        >
          {t('support.older')}
        </button>
      )}
      <ol className="chat-log" ref={logRef} aria-label={t('support.history')} aria-live="polite" tabIndex={0}>
        {messages.map((m) => (
          <li key={m.id} className={`chat-message chat-message-${m.author === 'staff' ? 'mine' : 'theirs'}`} data-testid="chat-message">
            <span className="chat-author">{m.author === 'member' ? conversation.memberUserName : (m.staffName ?? t('support.staff'))}</span>
            {m.body && <p className="chat-body">{m.body}</p>}
            {m.attachment && <Attachment id={m.attachment.id} fileName={m.attachment.fileName} />}
            <time className="chat-time" dateTime={new Date(m.createdAt).toISOString()}>
              {formatDateTime(m.createdAt)}
            </time>
          </li>
        ))}
      </ol>
      <form className="chat-compose" onSubmit={send}>
        <label className="field-label" htmlFor="support-reply">
          {t('support.reply')}
        </label>
        <textarea
          id="support-reply"
          className="input textarea"
          rows={3}
          maxLength={supportLimits.messageCharsMax}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="chat-actions">
          <span className="field-hint">{t(hasKeyboard ? 'support.hint' : 'support.limitHint', { max: supportLimits.messageCharsMax })}</span>
          <button type="submit" className="btn btn-primary btn-small" disabled={isSending || !text.trim()}>
            {isSending ? t('support.sending') : t('support.send')}
          </button>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

export function SupportInboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const inbox = useInbox(filter);

  useSupportSocket(getToken(), 'STAFF', (conversationId) => {
    void queryClient.invalidateQueries({ queryKey: ['support', 'inbox'] });
    if (conversationId === null) void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    else void queryClient.invalidateQueries({ queryKey: supportKeys.thread(conversationId) });
  });

  return (
    <>
      <PageHeader title={t('support.title')}>{inbox.data ? t('support.unreadTotal', { count: inbox.data.unreadTotal }) : null}</PageHeader>
      <div className="tabs" role="group" aria-label={t('support.filter')}>
        {supportInboxFilters.map((f) => (
          <button key={f} type="button" className={`tab btn-ghost${filter === f ? ' is-active' : ''}`} aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {t(`support.filters.${f}`)}
          </button>
        ))}
      </div>
      <div className="support-layout">
        <section className="card support-list" aria-label={t('support.conversations')}>
          {inbox.isPending ? (
            <Loading />
          ) : inbox.isError ? (
            <ErrorState onRetry={() => void inbox.refetch()} />
          ) : inbox.data.list.length === 0 ? (
            <EmptyState>{t('support.empty')}</EmptyState>
          ) : (
            <ul className="support-conversations">
              {inbox.data.list.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={`support-conversation${openId === c.id ? ' is-active' : ''}`}
                    aria-current={openId === c.id || undefined}
                    onClick={() => setOpenId(c.id)}
                  >
                    <span className="support-conversation-head">
                      <strong>{c.memberUserName}</strong>
                      {c.staffUnread > 0 && <Badge tone="danger">{t('support.unread', { count: c.staffUnread })}</Badge>}
                    </span>
                    <span className="support-preview">{c.lastMessagePreview}</span>
                    <span className="small muted">
                      {formatDateTime(c.lastMessageAt)} · {c.assignedStaffName ?? t('support.unassigned')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {openId ? <Thread key={openId} conversationId={openId} /> : <EmptyState>{t('support.choose')}</EmptyState>}
      </div>
    </>
  );
}
