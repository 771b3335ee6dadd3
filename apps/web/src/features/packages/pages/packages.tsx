import { useId, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { activationCodeListKey } from '../api/activation-code-list';
import { buyMatchingListKey } from '../api/buy-matching-list';
import { claimListKey } from '../api/claim-list';
import { insuranceDetailInfoKey } from '../api/insurance-detail-info';
import { matchingListQueryOptions, useMatchingList } from '../api/matching-list';
import { paymentRecordListKey } from '../api/payment-record-list';
import { ActivationCodes } from '../components/activation-codes';
import { AutoTopUpSwitch } from '../components/auto-top-up';
import { ClaimList } from '../components/claim-list';
import { HoldingList } from '../components/holding-list';
import { Jackpot } from '../components/jackpot';
import { PaymentRecords } from '../components/payment-records';
import { ProductList } from '../components/product-list';

/** The sections of /package; a link may ask for one: /package?tab=holdings. */
export const packageTabs = ['products', 'holdings', 'records', 'codes', 'claims', 'jackpot'] as const;
export type PackageTab = (typeof packageTabs)[number];

interface PackagesPageProps {
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  selfUserName: string | undefined;
  /** Points moved: whoever shows balances and records should read them again. */
  onBalancesChanged: () => void;
  /** The flash-sale panel (composed in app/routes), given what to refresh after a purchase. */
  flashSales?: (onChanged: () => void) => ReactNode;
}

/** /package: the products and buying, the member's holdings and their actions, records, codes, claims and the jackpot. */
export function PackagesPage({ availableOf, coinLabel, selfUserName, onBalancesChanged, flashSales }: PackagesPageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: PackageTab = packageTabs.find((x) => x === asked) ?? 'products';
  const products = useMatchingList();
  const name = useId();

  const onChanged = () => {
    for (const queryKey of [
      matchingListQueryOptions().queryKey,
      buyMatchingListKey,
      paymentRecordListKey,
      activationCodeListKey,
      claimListKey,
      insuranceDetailInfoKey,
    ]) {
      // A list not on screen is dropped, not only marked stale: the portal does not refetch on
      // mount what was read less than a second ago (lib/query-client.ts), and a tab switched to
      // right after an action must not show the list from before it.
      queryClient.removeQueries({ queryKey, type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey });
    }
    onBalancesChanged();
  };
  const props = { availableOf, coinLabel, selfUserName, onChanged };

  let body;
  switch (tab) {
    case 'products':
      body = (
        <div className="stack">
          <Card>
            <AutoTopUpSwitch
              value={products.data?.autoTopUp}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: matchingListQueryOptions().queryKey })}
            />
          </Card>
          <ProductList {...props} />
        </div>
      );
      break;
    case 'holdings':
      body = (
        <Card title={t('packages.tabs.holdings')}>
          <HoldingList {...props} />
        </Card>
      );
      break;
    case 'records':
      body = (
        <Card title={t('packages.tabs.records')}>
          <PaymentRecords coinLabel={coinLabel} />
        </Card>
      );
      break;
    case 'codes':
      body = (
        <Card title={t('packages.tabs.codes')}>
          <ActivationCodes {...props} />
        </Card>
      );
      break;
    case 'claims':
      body = (
        <Card title={t('packages.claims.title')}>
          <ClaimList coinLabel={coinLabel} />
        </Card>
      );
      break;
    case 'jackpot':
      body = (
        <Card title={t('packages.tabs.jackpot')}>
          <Jackpot coinLabel={coinLabel} />
        </Card>
      );
      break;
  }

  return (
    <>
      <PageHeader title={t('pages.package')} description={t('packages.description')} />
      <div className="stack">
        {flashSales?.(onChanged)}
        <fieldset className="segmented package-tabs">
          <legend className="visually-hidden">{t('packages.tabs.label')}</legend>
          {packageTabs.map((x) => (
            <label key={x} className={tab === x ? 'segment segment-active' : 'segment'}>
              <input
                type="radio"
                name={name}
                value={x}
                checked={tab === x}
                onChange={() => setSearchParams(x === 'products' ? {} : { tab: x }, { replace: true })}
                className="visually-hidden"
              />
              {t(`packages.tabs.${x}`)}
            </label>
          ))}
        </fieldset>
        {body}
      </div>
    </>
  );
}
