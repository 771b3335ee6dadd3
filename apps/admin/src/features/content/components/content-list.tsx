import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ListCard } from '../../../components/ui/list-page';
import type { ListQuery } from '../../../components/ui/states';
import { useCan } from '../../../lib/staff-session';

interface ContentListProps<T extends { id: string }> {
  /** The list's heading id; its title (the tab's name) is for screen readers, the tab shows it. */
  id: string;
  title: string;
  query: ListQuery;
  items: readonly T[];
  empty: string;
  newLabel: string;
  /** The editor of an entry, or of a new one (null); `onDone` closes it. */
  editor: (entry: T | null, onDone: () => void) => ReactNode;
  /** What the confirmation asks before an entry is deleted. */
  deleteQuestion: (entry: T) => string;
  onDelete: (entry: T) => Promise<void>;
  /** The table's column heads before "actions", and a row's cells before its actions. */
  head: ReactNode;
  cells: (entry: T) => ReactNode;
}

/**
 * An announcements or banners tab: "new" above the list for content staff, the editor in its
 * place while one is open, and the list (a `ListCard`) with edit and delete on each row.
 */
export function ContentList<T extends { id: string }>({
  id,
  title,
  query,
  items,
  empty,
  newLabel,
  editor,
  deleteQuestion,
  onDelete,
  head,
  cells,
}: ContentListProps<T>) {
  const { t } = useTranslation();
  const canManage = useCan()('content.manage');
  const [editing, setEditing] = useState<T | null | 'new'>(null);
  const confirm = useConfirm();
  const remove = async (entry: T) => {
    if (!(await confirm.ask({ message: deleteQuestion(entry), confirmLabel: t('content.delete'), tone: 'danger' }))) return;
    await onDelete(entry).catch(() => undefined);
  };
  return (
    <div className="stack">
      {confirm.element}
      {canManage && editing === null ? (
        <div>
          <button type="button" className="btn btn-primary btn-small" onClick={() => setEditing('new')}>
            {newLabel}
          </button>
        </div>
      ) : null}
      {editing !== null ? (
        <Fragment key={editing === 'new' ? 'new' : editing.id}>{editor(editing === 'new' ? null : editing, () => setEditing(null))}</Fragment>
      ) : null}
      <ListCard id={id} title={title} isTitleHidden query={query} isEmpty={items.length === 0} empty={empty}>
        <table className="table">
          <thead>
            <tr>
              {head}
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                {cells(entry)}
                <td className="row-actions">
                  {canManage ? (
                    <>
                      <button type="button" className="btn btn-small" onClick={() => setEditing(entry)}>
                        {t('content.edit')}
                      </button>
                      <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(entry)}>
                        {t('content.delete')}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListCard>
    </div>
  );
}

/** The foot of a content editor: the refusal, the action, and cancel where the editor can be closed. */
export function EditorActions({
  error,
  isPending,
  actionLabel,
  onCancel,
}: {
  error: string | null;
  isPending: boolean;
  actionLabel: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={isPending} aria-busy={isPending}>
          {actionLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel} disabled={isPending}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    </>
  );
}
