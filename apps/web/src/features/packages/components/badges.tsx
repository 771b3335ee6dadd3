import { useTranslation } from 'react-i18next';
import type { EffectivenessState, HoldingState, PackageKind, ProductMemberState } from '@pp/contract';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';

const kindTone: Record<PackageKind, StatusTone> = { normal: 'neutral', special: 'pending', experience: 'success' };
const stateTone: Record<ProductMemberState, StatusTone> = { notPurchased: 'neutral', fixed: 'pending', unlocked: 'success', expired: 'danger' };

export function KindBadge({ kind }: { kind: PackageKind }) {
  const { t } = useTranslation();
  return <StatusBadge tone={kindTone[kind]}>{t(`packages.kinds.${kind}`)}</StatusBadge>;
}

/** Fixed term, flexible (unlocked), terminated (expired), or not purchased. */
export function StateBadge({ state }: { state: ProductMemberState | HoldingState }) {
  const { t } = useTranslation();
  return <StatusBadge tone={stateTone[state]}>{t(`packages.states.${state}`)}</StatusBadge>;
}

export function EffectivenessBadge({ effectiveness }: { effectiveness: EffectivenessState }) {
  const { t } = useTranslation();
  return <StatusBadge tone={effectiveness === 'active' ? 'success' : 'pending'}>{t(`packages.effectiveness.${effectiveness}`)}</StatusBadge>;
}
