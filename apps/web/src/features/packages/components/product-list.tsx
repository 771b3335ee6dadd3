import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductEntry } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { currentLanguage } from '../../../lib/i18n';
import { formatDecimal } from '@pp/contract';
import { useMatchingList } from '../api/matching-list';
import { buyMatching } from '../api/buy-matching';
import { timesUnits } from '../payment-mix';
import { KindBadge, StateBadge } from './badges';
import { PayDialog } from './pay-dialog';
import { PurchaseReturn, PurchaseSchedule } from './purchase-schedule';
import { RefusalText } from './refusal-text';
import { TermsList } from './terms-list';

interface ProductListProps {
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  onChanged: () => void;
}

/** Units a limit leaves (null = no limit). */
export const remainingOf = (limit: number, used: number): number | null => (limit > 0 ? Math.max(0, limit - used) : null);

/** The packages on offer: their terms, the member's state of each, and buying one. */
export function ProductList({ availableOf, coinLabel, onChanged }: ProductListProps) {
  const { t } = useTranslation();
  const list = useMatchingList();
  const [buying, setBuying] = useState<ProductEntry | null>(null);

  if (!list.data) return <CardLoadState isError={list.isError} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return <p className="empty">{t('packages.products.empty')}</p>;

  return (
    <>
      <ul className="card-list package-grid" aria-label={t('packages.tabs.products')}>
        {list.data.items.map((product) => (
          <ProductCard key={product.id} product={product} coinLabel={coinLabel} onBuy={() => setBuying(product)} />
        ))}
      </ul>
      <PayDialog
        isOpen={buying !== null}
        onClose={() => setBuying(null)}
        title={buying ? t('packages.buy.title', { name: buying.name }) : ''}
        payWith={buying?.payWith ?? []}
        feeCoinName={buying?.terms.feeCoinName ?? ''}
        hasQuantity
        checkProductId={buying?.id}
        projection={(quantity, place) => {
          if (!buying) return null;
          const props = { terms: buying.terms, units: quantity, isReinvest: list.data?.autoTopUp ?? false, coinLabel };
          return place === 'form' ? <PurchaseSchedule {...props} /> : <PurchaseReturn {...props} />;
        }}
        cost={(quantity) => ({
          principal: timesUnits(buying?.terms.price ?? '0', quantity),
          premium: timesUnits(buying?.terms.premium ?? '0', quantity),
          fee: timesUnits(buying?.terms.fee ?? '0', quantity),
        })}
        availableOf={availableOf}
        coinLabel={coinLabel}
        submitLabel={t('packages.buy.submit')}
        successText={t('packages.buy.done')}
        send={async (body, requestId) => {
          await buyMatching({ productId: buying?.id ?? '', ...body }, requestId);
          onChanged();
        }}
      />
    </>
  );
}

function ProductCard({ product, coinLabel, onBuy }: { product: ProductEntry; coinLabel: (coinName: string) => string; onBuy: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const memberRemaining = remainingOf(product.perMemberLimit, product.memberUnits);
  const totalRemaining = remainingOf(product.totalLimit, product.sold);
  const limits = [
    product.perMemberLimit > 0 ? t('packages.products.perMemberLimit', { count: product.perMemberLimit, bought: product.memberUnits }) : '',
    product.totalLimit > 0 ? t('packages.products.totalLimit', { count: product.totalLimit, sold: product.sold }) : '',
    product.minGrade !== null ? t('packages.products.minGrade', { grade: product.minGrade }) : '',
    product.isInviteOnly ? t('packages.products.inviteOnly') : '',
  ].filter(Boolean);
  const refusalId = `refusal-${product.id}`;
  return (
    <li className="list-card package-card" data-testid="package-product">
      <div className="list-card-row list-card-row-wrap">
        <span className="list-card-title" data-user-content>
          {product.name}
        </span>
        <span className="badge-row">
          <KindBadge kind={product.kind} />
          <StateBadge state={product.memberState} />
        </span>
      </div>
      {product.description ? (
        <p className="list-card-meta" data-user-content>
          {product.description}
        </p>
      ) : null}
      <TermsList terms={product.terms} coinLabel={coinLabel} />
      <dl className="list-card-fields">
        <div>
          <dt>{t('packages.products.payWith')}</dt>
          <dd>
            {product.payWith
              .map((p) => t('packages.products.payWithValue', { coin: coinLabel(p.coinName), percent: formatDecimal(p.maxPercent, language) }))
              .join(' · ')}
          </dd>
        </div>
        {limits.length > 0 ? (
          <div>
            <dt>{t('packages.products.limits')}</dt>
            <dd>{limits.join(' · ')}</dd>
          </div>
        ) : null}
      </dl>
      {!product.canBuy && product.refusal ? (
        <p className="package-refusal" id={refusalId} data-testid="product-refusal">
          <RefusalText reason={product.refusal} memberRemaining={memberRemaining} totalRemaining={totalRemaining} />
        </p>
      ) : null}
      <div className="list-card-actions">
        <Button onClick={onBuy} disabled={!product.canBuy} aria-describedby={!product.canBuy && product.refusal ? refusalId : undefined}>
          {t('packages.buy.action')}
        </Button>
      </div>
    </li>
  );
}
