import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { communityLimits } from '@pp/contract';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useOrganizationInfo } from '../api/organization-info';
import { CommunityFigures } from '../components/community-figures';
import { Branch } from '../components/invite-tree';
import { InviteShare } from '../components/invite-share';
import { MonthFiguresChart } from '../components/month-figures-chart';

/** /invite-tree: the invitation code and link, the member's figures, and their community one level at a time with a search. */
export function InviteTreePage() {
  const { t } = useTranslation();
  const info = useOrganizationInfo();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };
  const gradeNameSet = info.data?.gradeNameSet ?? 'business';
  return (
    <>
      <PageHeader title={t('community.title')} />
      <div className="stack">
        <InviteShare />
        <CommunityFigures />
        <MonthFiguresChart />
        <Card title={search ? t('community.tree.results') : t('community.tree.title')}>
          <form className="tree-search" role="search" onSubmit={submit}>
            <label className="field-label" htmlFor={inputId}>
              {t('community.tree.searchLabel')}
            </label>
            <div className="copy-row">
              <input
                id={inputId}
                className="input"
                type="search"
                value={draft}
                maxLength={communityLimits.searchCharsMax}
                placeholder={t('community.tree.searchPlaceholder')}
                autoComplete="off"
                onChange={(e) => setDraft(e.target.value)}
              />
              <button type="submit" className="btn btn-secondary">
                {t('community.tree.search')}
              </button>
              {search ? (
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => {
                    setDraft('');
                    setSearch('');
                  }}
                >
                  {t('community.tree.clear')}
                </button>
              ) : null}
            </div>
          </form>
          {search ? <Branch key={`s:${search}`} search={search} gradeNameSet={gradeNameSet} /> : <Branch gradeNameSet={gradeNameSet} />}
        </Card>
      </div>
    </>
  );
}
