import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GradeNameSet, OrganizationMember } from '@pp/contract';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { LoadMore } from '../../../components/ui/load-more';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact } from '@pp/contract';
import { useOrganization } from '../api/organization';
import { useGradeName } from './grade-name';

interface BranchProps {
  /** Whose direct invites (absent: the member's own), or a search in the downline. */
  memberId?: string;
  search?: string;
  gradeNameSet: GradeNameSet;
}

function MemberRow({ m, gradeNameSet }: { m: OrganizationMember; gradeNameSet: GradeNameSet }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const gradeName = useGradeName();
  const [isOpen, setIsOpen] = useState(false);
  const hasInvites = m.directCount > 0;
  return (
    <li className="tree-node" data-testid="tree-node" data-user={m.userName}>
      <div className="tree-row">
        {hasInvites ? (
          <button
            type="button"
            className="tree-toggle"
            aria-expanded={isOpen}
            aria-label={isOpen ? t('community.tree.collapse', { name: m.userName }) : t('community.tree.expand', { name: m.userName })}
            onClick={() => setIsOpen((open) => !open)}
          >
            <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
          </button>
        ) : (
          <span className="tree-toggle tree-leaf" aria-hidden="true" />
        )}
        <div className="tree-main">
          <div className="tree-title">
            <strong className="break">{m.userName}</strong>
            <span className="badge">{gradeName(m.level, gradeNameSet)}</span>
            <span className={m.isPurchased ? 'badge badge-success' : 'badge'}>
              {m.isPurchased ? t('community.tree.purchased') : t('community.tree.notPurchased')}
            </span>
          </div>
          <div className="tree-meta">
            <span>{t('community.tree.team', { count: m.teamSize })}</span>
            <span>{t('community.tree.directs', { count: m.directCount })}</span>
            <span>{t('community.tree.performance', { amount: formatExact(m.total, language) })}</span>
            {m.depth > 1 ? <span>{t('community.tree.depth', { depth: m.depth })}</span> : null}
          </div>
        </div>
      </div>
      {isOpen ? <Branch memberId={m.id} gradeNameSet={gradeNameSet} /> : null}
    </li>
  );
}

/** One level of the tree (or the search results), paged. */
export function Branch({ memberId, search, gradeNameSet }: BranchProps) {
  const { t } = useTranslation();
  const list = useOrganization({ memberId, search });
  if (!list.data) return <CardLoadState isError={list.isError} onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className="empty">{search ? t('community.tree.noMatch') : t('community.tree.empty')}</p>;
  return (
    <>
      <ul className="tree-list">
        {items.map((m) => (
          <MemberRow key={m.id} m={m} gradeNameSet={gradeNameSet} />
        ))}
      </ul>
      {list.hasNextPage || items.length > 20 ? (
        <LoadMore hasMore={list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
      ) : null}
    </>
  );
}
