import type { TFunction } from '../../../lib/i18n';

/** "Chrome on Windows", or the parts known, or "Unknown device". Names of products are not translated. */
export function deviceLabel(t: TFunction, entry: { browser: string; os: string }): string {
  if (entry.browser && entry.os) return t('security.device.summary', { browser: entry.browser, os: entry.os });
  return entry.browser || entry.os || t('security.device.unknown');
}
