import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { TextField } from '@pp/browser-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { FilterForm, ListCard } from '../../../components/ui/list-page';
import { formatDateTime } from '../../../lib/format';
import { useMemberSearch } from '../api/member-search';
import { GradeLabel } from '../components/grade-label';
import { LockBadges } from '../components/lock-badges';

/** Search by username, e-mail or referral ID; the query lives in the address, so Back returns to it. */
export function MemberSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [input, setInput] = useState(query);
  const { query: search, items: members } = useMemberSearch(query);

  return (
    <>
      <PageHeader title={t('members.title')} />
      <FilterForm
        label={t('members.searchLabel')}
        onSubmit={() => {
          const q = input.trim();
          setParams(q ? { q } : {}, { replace: true });
        }}
      >
        <TextField
          id="member-query"
          type="search"
          label={t('members.searchLabel')}
          hint={t('members.searchHint')}
          value={input}
          onValueChange={setInput}
          maxLength={100}
          autoCapitalize="none"
          spellCheck={false}
        />
      </FilterForm>
      <ListCard
        id="member-results"
        title={t('members.results')}
        isTitleHidden
        query={search}
        isEmpty={members.length === 0}
        empty={query ? t('members.noResults', { query }) : t('members.none')}
      >
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('members.userName')}</th>
              <th scope="col">{t('members.email')}</th>
              <th scope="col">{t('members.referralId')}</th>
              <th scope="col">{t('members.country')}</th>
              <th scope="col">{t('members.grade')}</th>
              <th scope="col">{t('members.state')}</th>
              <th scope="col">{t('members.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <td>
                  <Link to={paths.member(member.id)}>{member.userName}</Link>
                </td>
                <td className="break">{member.email}</td>
                <td className="mono">{member.referralId}</td>
                <td>{member.countryCode}</td>
                <td className="nowrap">
                  <GradeLabel level={member.level} />
                </td>
                <td>
                  <LockBadges member={member} />
                </td>
                <td className="nowrap">{formatDateTime(member.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListCard>
    </>
  );
}
