import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holdingStates, type HoldingState } from '@pp/contract';
import { SelectField, TextField } from '@pp/browser-kit';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { FilterForm, ListCard } from '../../../components/ui/list-page';
import { formatDateTime, formatExactAmount } from '../../../lib/format';
import { useHoldingList, type HoldingFilter } from '../api/holding-list';

const stateTones: Record<HoldingState, BadgeTone> = { fixed: 'info', unlocked: 'success', expired: 'neutral' };

/** Every member's holdings, newest first, by member and state. */
export function HoldingsTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<HoldingFilter>({ userName: '', state: '' });
  const [userName, setUserName] = useState('');
  const { query: list, items } = useHoldingList(filter);

  return (
    <>
      <FilterForm label={t('packages.holdings.filters')} onSubmit={() => setFilter({ ...filter, userName: userName.trim() })}>
        <TextField
          id="holding-user"
          type="search"
          label={t('packages.holdings.userName')}
          value={userName}
          onValueChange={setUserName}
          maxLength={64}
          autoCapitalize="none"
          spellCheck={false}
        />
        <SelectField
          id="holding-state"
          label={t('packages.holdings.state')}
          value={filter.state}
          onValueChange={(value) => setFilter({ ...filter, state: value as HoldingState | '' })}
          options={[
            { value: '', label: t('packages.holdings.allStates') },
            ...holdingStates.map((s) => ({ value: s, label: t(`packages.holdingStates.${s}`) })),
          ]}
        />
      </FilterForm>
      <ListCard id="holdings-title" title={t('packages.holdings.title')} query={list} isEmpty={items.length === 0} empty={t('packages.holdings.empty')}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('packages.holdings.number')}</th>
              <th scope="col">{t('packages.holdings.member')}</th>
              <th scope="col">{t('packages.holdings.product')}</th>
              <th scope="col" className="num">
                {t('packages.holdings.units')}
              </th>
              <th scope="col" className="num">
                {t('packages.holdings.principal')}
              </th>
              <th scope="col" className="num">
                {t('packages.holdings.released')}
              </th>
              <th scope="col">{t('packages.holdings.state')}</th>
              <th scope="col">{t('packages.holdings.started')}</th>
              <th scope="col">{t('packages.holdings.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((holding) => (
              <tr key={holding.id}>
                <td className="mono nowrap">{holding.number}</td>
                <td>{holding.userName}</td>
                <td className="col-wide">
                  {holding.productName}
                  <br />
                  <span className="muted small">{t(`packages.kinds.${holding.kind}`)}</span>
                </td>
                <td className="num">{holding.units}</td>
                <td className="num nowrap">{formatExactAmount(holding.principal)}</td>
                <td className="num nowrap">
                  {formatExactAmount(holding.released)}
                  <br />
                  <span className="muted small">{t('packages.holdings.ofCap', { cap: formatExactAmount(holding.rewardCap) })}</span>
                </td>
                <td>
                  <span className="badges">
                    <Badge tone={stateTones[holding.state]}>{t(`packages.holdingStates.${holding.state}`)}</Badge>
                    {holding.state !== 'expired' && holding.effectiveness === 'pending' ? <Badge tone="warning">{t('packages.holdings.pending')}</Badge> : null}
                  </span>
                  {holding.endReason ? (
                    <>
                      <br />
                      <span className="muted small">{t(`packages.endReasons.${holding.endReason}`)}</span>
                    </>
                  ) : null}
                </td>
                <td>{formatDateTime(holding.startedAt)}</td>
                <td>{formatDateTime(holding.endedAt ?? holding.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListCard>
    </>
  );
}
