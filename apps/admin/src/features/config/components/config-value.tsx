import { useTranslation } from 'react-i18next';
import type { ConfigEntry } from '@pp/contract';
import { Badge } from '../../../components/ui/badge';
import { compactValue } from '../config-values';

/** A setting's value in words: booleans as On/Off, empty text as "empty", the rest exact. */
export function ConfigValue({ kind, value }: { kind: ConfigEntry['kind']; value: unknown }) {
  const { t } = useTranslation();
  if (kind === 'boolean' && typeof value === 'boolean') return <Badge tone={value ? 'success' : 'neutral'}>{value ? t('common.on') : t('common.off')}</Badge>;
  const text = compactValue(value);
  if (text === '' || value === null) return <span className="muted">{t('configPage.empty')}</span>;
  // The value as staff stored it (codes and JSON included): data, not interface text.
  return (
    <code className="value" data-user-content>
      {text}
    </code>
  );
}
