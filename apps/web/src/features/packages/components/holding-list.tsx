import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { holdingStates, type HoldingEntry, type HoldingState, type ProductEntry, formatExact, formatCount } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useBuyMatchingList } from '../api/buy-matching-list';
import { useMatchingList } from '../api/matching-list';
import { holdingPath } from '../holding-path';
import { upgradeTargets } from '../upgrade-targets';
import { EffectivenessBadge, KindBadge, StateBadge } from './badges';
import { HoldingActionDialogs, type HoldingAction } from './holding-actions';
import { ReleaseProgress } from './release-progress';

interface HoldingListProps {
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  selfUserName: string | undefined;
  onChanged: () => void;
}

/** The member's holdings by state, each with what can be done with it now. */
export function HoldingList({ availableOf, coinLabel, selfUserName, onChanged }: HoldingListProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<HoldingState | ''>('');
  const list = useBuyMatchingList(state === '' ? undefined : state);
  const products = useMatchingList();
  const [action, setAction] = useState<HoldingAction | null>(null);
  const name = useId();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const choices = ['', ...holdingStates] as const;

  return (
    <div className="stack-tight">
      <fieldset className="segmented package-filter">
        <legend className="visually-hidden">{t('packages.holdings.filter')}</legend>
        {choices.map((c) => (
          <label key={c || 'all'} className={state === c ? 'segment segment-active' : 'segment'}>
            <input type="radio" name={name} value={c} checked={state === c} onChange={() => setState(c)} className="visually-hidden" />
            {c === '' ? t('packages.holdings.all') : t(`packages.states.${c}`)}
          </label>
        ))}
      </fieldset>
      <PagedListBody list={list} isEmpty={items.length === 0} empty={state === '' ? t('packages.holdings.empty') : t('packages.holdings.emptyFiltered')}>
        <ul className="card-list package-grid" aria-label={t('packages.tabs.holdings')}>
          {items.map((holding) => (
            <HoldingCard key={holding.id} holding={holding} products={products.data?.items} coinLabel={coinLabel} onAction={setAction} />
          ))}
        </ul>
      </PagedListBody>
      <HoldingActionDialogs
        action={action}
        onClose={() => setAction(null)}
        products={products.data?.items ?? []}
        availableOf={availableOf}
        coinLabel={coinLabel}
        selfUserName={selfUserName}
        onChanged={onChanged}
      />
    </div>
  );
}

function HoldingCard({
  holding,
  products,
  coinLabel,
  onAction,
}: {
  holding: HoldingEntry;
  products: readonly ProductEntry[] | undefined;
  coinLabel: (c: string) => string;
  onAction: (a: HoldingAction) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const isLive = holding.state !== 'expired';
  const product = products?.find((p) => p.id === holding.productId);
  const isOnSale = product?.isOnSale === true;
  // An experience package is one holding of one unit: nothing to add to it.
  const canAdd = isLive && isOnSale && holding.kind !== 'experience';
  const canRefill = holding.state === 'expired' && (holding.endReason === 'term' || holding.endReason === 'maxReward') && isOnSale;
  const canUpgrade = isLive && upgradeTargets(holding, products).length > 0;
  const act = (kind: HoldingAction['kind']) => () => onAction({ kind, holding });
  return (
    <li className="list-card package-card" data-testid="package-holding" data-holding-number={holding.number}>
      <div className="list-card-row list-card-row-wrap">
        <span className="list-card-title" data-user-content>
          {holding.productName}
        </span>
        <span className="badge-row">
          <KindBadge kind={holding.kind} />
          <StateBadge state={holding.state} />
          {isLive ? <EffectivenessBadge effectiveness={holding.effectiveness} /> : null}
        </span>
      </div>
      <dl className="list-card-fields">
        <div>
          <dt>{t('packages.holdings.number')}</dt>
          <dd className="mono">{holding.number}</dd>
        </div>
        <div>
          <dt>{t('packages.holdings.units')}</dt>
          <dd>{formatCount(holding.units, language)}</dd>
        </div>
        <div>
          <dt>{t('packages.holdings.principal')}</dt>
          <dd>
            {holding.principals.map((p) => `${formatExact(p.amount, language)} ${coinLabel(p.coinName)}`).join(' + ') ||
              formatExact(holding.principal, language)}
          </dd>
        </div>
        <div>
          <dt>{holding.state === 'expired' ? t('packages.holdings.endedAt') : t('packages.holdings.expiresAt')}</dt>
          <dd>{formatDateTime(holding.endedAt ?? holding.expiresAt, language)}</dd>
        </div>
        {holding.endReason ? (
          <div>
            <dt>{t('packages.holdings.endReason')}</dt>
            <dd>{t(`packages.endReasons.${holding.endReason}`)}</dd>
          </div>
        ) : null}
        {holding.claimable !== null ? (
          <div>
            <dt>{t('packages.holdings.claimable')}</dt>
            <dd>{`${formatExact(holding.claimable, language)} ${coinLabel(holding.terms.feeCoinName)}`}</dd>
          </div>
        ) : null}
      </dl>
      <ReleaseProgress released={holding.released} cap={holding.rewardCap} coinLabel={coinLabel} />
      <div className="list-card-actions">
        {canUpgrade ? (
          <Button variant="secondary" className="btn-small" onClick={act('upgrade')}>
            {t('packages.actions.upgrade')}
          </Button>
        ) : null}
        {canAdd ? (
          <Button variant="secondary" className="btn-small" onClick={act('add')}>
            {t('packages.actions.add')}
          </Button>
        ) : null}
        {canRefill ? (
          <Button variant="secondary" className="btn-small" onClick={act('refill')}>
            {t('packages.actions.refill')}
          </Button>
        ) : null}
        {isLive ? (
          <Button variant="secondary" className="btn-small" onClick={act('transfer')}>
            {t('packages.actions.transfer')}
          </Button>
        ) : null}
        {isLive ? (
          <Button variant="secondary" className="btn-small" onClick={act('redeem')}>
            {t('packages.actions.redeem')}
          </Button>
        ) : null}
        {holding.claimable !== null ? (
          <Button variant="secondary" className="btn-small" onClick={act('claim')}>
            {t('packages.actions.claim')}
          </Button>
        ) : null}
        <Link className="btn btn-ghost btn-small" to={holdingPath(holding.id)} aria-label={t('packages.actions.detailsOf', { number: holding.number })}>
          {t('packages.actions.details')}
        </Link>
      </div>
    </li>
  );
}
