import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductAdminEntry } from '@pp/contract';
import { Badge } from '../../../components/ui/badge';
import { TableBox } from '../../../components/ui/data-table';
import { Icon } from '../../../components/ui/icon';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { formatCount, formatExactAmount } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { useCan } from '../../../lib/staff-session';
import { useProductList } from '../api/product-list';
import { productName } from '../product-form';
import { ProductDialog, type GradeLabel, type ProductTarget } from './product-dialog';

/** The catalogue: every product with its terms at a glance; staff with packages.manage create and edit. */
export function CatalogueTab({ gradeLabel }: { gradeLabel: GradeLabel }) {
  const { t } = useTranslation();
  const can = useCan();
  const canManage = can('packages.manage');
  const list = useProductList();
  const [target, setTarget] = useState<ProductTarget | null>(null);

  return (
    <section className="card card-flush" aria-labelledby="catalogue-title">
      <div className="card-head">
        <h2 className="card-title" id="catalogue-title">
          {t('packages.catalogue')}
        </h2>
        {canManage ? (
          <button type="button" className="btn btn-primary btn-small" onClick={() => setTarget({ entry: null })}>
            <Icon name="plus" size={16} />
            <span>{t('packages.create')}</span>
          </button>
        ) : (
          <span className="muted small">{t('packages.readOnly')}</span>
        )}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{canManage ? t('packages.emptyManage') : t('packages.empty')}</EmptyState>
      ) : (
        <TableBox label={t('packages.catalogue')}>
          <ProductTable products={list.data} canManage={canManage} onEdit={(entry) => setTarget({ entry })} />
        </TableBox>
      )}
      {canManage ? <ProductDialog target={target} gradeLabel={gradeLabel} onClose={() => setTarget(null)} /> : null}
    </section>
  );
}

function ProductTable({
  products,
  canManage,
  onEdit,
}: {
  products: readonly ProductAdminEntry[];
  canManage: boolean;
  onEdit: (entry: ProductAdminEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const coin = (name: string) => translateOr(`coins.${name}`, name);
  return (
    <table className="table has-actions">
      <thead>
        <tr>
          <th scope="col">{t('packages.col.name')}</th>
          <th scope="col">{t('packages.col.kind')}</th>
          <th scope="col" className="num">
            {t('packages.col.price')}
          </th>
          <th scope="col" className="num">
            {t('packages.col.premiumFee')}
          </th>
          <th scope="col">{t('packages.col.term')}</th>
          <th scope="col">{t('packages.col.release')}</th>
          <th scope="col">{t('packages.col.maxProfit')}</th>
          <th scope="col" className="num">
            {t('packages.col.sold')}
          </th>
          {canManage ? <th scope="col">{t('common.actions')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {products.map((product) => {
          const name = productName(product.names, i18n.language) || product.id;
          const { terms } = product;
          return (
            <tr key={product.id}>
              <td className="col-wide">
                <strong>{name}</strong>
                <span className="badges block">
                  {product.isOnSale ? <Badge tone="success">{t('packages.onSale')}</Badge> : <Badge>{t('packages.offSale')}</Badge>}
                  <span className="muted small">{t('packages.sortOrderShort', { n: product.sortOrder })}</span>
                </span>
              </td>
              <td className="nowrap">
                {t(`packages.kinds.${product.kind}`)}
                {product.kind === 'special' && product.isInviteOnly ? (
                  <>
                    <br />
                    <span className="muted small">{t('packages.invitedCount', { n: product.invitedUserNames.length })}</span>
                  </>
                ) : null}
              </td>
              <td className="num nowrap">{formatExactAmount(terms.price)}</td>
              <td className="num">
                <span className="nowrap">{t('packages.premiumFee', { premium: formatExactAmount(terms.premium), fee: formatExactAmount(terms.fee) })}</span>
                <br />
                <span className="muted small nowrap">{t('packages.paidIn', { coin: coin(terms.feeCoinName) })}</span>
              </td>
              <td>
                <span className="nowrap">{t('packages.termDays', { n: terms.contractDays })}</span>
                <br />
                <span className="muted small">{t('packages.unlockAfter', { n: terms.unlockDays })}</span>
              </td>
              <td>{t('packages.releaseEvery', { percent: terms.releasePercent, hours: terms.releasePeriodHours })}</td>
              <td>
                <span className="nowrap">{t('packages.percentValue', { percent: terms.maxProfitPercent })}</span>
                {/[1-9]/.test(terms.maxReward) ? (
                  <>
                    <br />
                    <span className="muted small">{t('packages.maxRewardShort', { amount: formatExactAmount(terms.maxReward) })}</span>
                  </>
                ) : null}
              </td>
              <td className="num nowrap">
                {product.totalLimit === 0
                  ? t('packages.soldOfUnlimited', { sold: formatCount(product.sold) })
                  : t('packages.soldOf', { sold: formatCount(product.sold), total: formatCount(product.totalLimit) })}
              </td>
              {canManage ? (
                <td>
                  <button type="button" className="btn btn-small" onClick={() => onEdit(product)} aria-label={t('packages.editOf', { name })}>
                    {t('packages.edit')}
                  </button>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
