import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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

/** Whether the tab row has more tabs past its start and past its end (hidden by its scroll). */
interface RowEdges {
  start: boolean;
  end: boolean;
}

/**
 * The tab row, one line that scrolls sideways on a phone: the selected tab is brought into the
 * row's view when the page opens with it (a link to /package?tab=jackpot) and when it changes, and
 * the row reports which edges have more tabs past them, for the fade that says it scrolls.
 */
function useTabRow(tab: PackageTab) {
  const rowRef = useRef<HTMLFieldSetElement>(null);
  const [edges, setEdges] = useState<RowEdges>({ start: false, end: false });
  const hasScrolledRef = useRef(false);

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    // A pixel of slack: the scroll position is fractional on a phone's dense screen.
    const start = row.scrollLeft > 1;
    const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  // Before the first paint, so the page never shows the row at its start and then jumps.
  useLayoutEffect(() => {
    const row = rowRef.current;
    const chosen = row?.querySelector<HTMLElement>('.segment-active');
    if (!row || !chosen) return;
    const left = chosen.offsetLeft - (row.clientWidth - chosen.offsetWidth) / 2;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollTo({ left: Math.max(0, left), behavior: hasScrolledRef.current && !reduced ? 'smooth' : 'instant' });
    hasScrolledRef.current = true;
    measure();
  }, [tab, measure]);

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    row.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [measure]);

  return { rowRef, edges };
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
  const { rowRef, edges } = useTabRow(tab);

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
        <fieldset ref={rowRef} className="segmented package-tabs" data-more-start={edges.start ? '' : undefined} data-more-end={edges.end ? '' : undefined}>
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
