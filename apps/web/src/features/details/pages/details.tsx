import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';

interface DetailsPageProps {
  /** Every point type's available, frozen, fixed and total amounts (assets feature). */
  balances: ReactNode;
  /** The exchange form and records (exchanges feature). */
  exchange: ReactNode;
}

/** The section a link may ask for: /details?tab=exchange (the dashboard's "Exchange"). */
const exchangeTab = 'exchange';

/** /details: the wallet. Balances on top, then exchange; the features are composed in app/routes. */
export function DetailsPage({ balances, exchange }: DetailsPageProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const exchangeRef = useRef<HTMLDivElement>(null);
  const wantsExchange = searchParams.get('tab') === exchangeTab;

  useEffect(() => {
    if (!wantsExchange) return;
    // Focus moves with the scroll, so keyboard and screen-reader users land where the link said.
    const target = exchangeRef.current;
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [wantsExchange]);

  return (
    <>
      <PageHeader title={t('wallet.title')} description={t('wallet.description')} />
      <div className="stack">
        {balances}
        <div id="exchange" ref={exchangeRef} tabIndex={-1} className="anchor-target">
          {exchange}
        </div>
      </div>
    </>
  );
}
