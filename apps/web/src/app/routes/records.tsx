import { coinNames } from '@pp/contract';
import { useCoinLabel } from '../../features/assets/api/coin-list';
import { RecordsPage } from '../../features/records/pages/records';

/** /records: the records feature, with point types named by the assets feature. */
export function RecordsRoute() {
  const coinLabel = useCoinLabel();
  return <RecordsPage coinOptions={coinNames.map((c) => ({ value: c, label: coinLabel(c) }))} coinLabel={coinLabel} />;
}
