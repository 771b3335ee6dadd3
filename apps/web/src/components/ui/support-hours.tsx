import { useTranslation } from 'react-i18next';
import type { SupportConfig } from '@pp/contract';
import { describeTimeZone } from '../../lib/dates';

/** "30 minutes", "2 hours" in the member's language, by the browser's own unit names. */
function replyTime(minutes: number, language: string): string {
  const inHours = minutes >= 60 && minutes % 60 === 0;
  return new Intl.NumberFormat(language, { style: 'unit', unit: inHours ? 'hour' : 'minute', unitDisplay: 'long' }).format(inHours ? minutes / 60 : minutes);
}

/**
 * When staff answer and how soon, as staff set them (support.hours, support.typicalReplyMinutes),
 * with the zone as its UTC offset. Nothing until the support settings are loaded.
 */
export function SupportHours({
  config,
  className = 'support-hours',
}: {
  config: Pick<SupportConfig, 'hours' | 'typicalReplyMinutes'> | undefined;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!config) return null;
  const { hours, typicalReplyMinutes } = config;
  const zone = describeTimeZone(hours.timeZone, i18n.language);
  const zoneText = zone.name === zone.offset ? zone.offset : t('support.hours.zone', { name: zone.name, offset: zone.offset });
  return (
    <p className={className}>
      {t('support.hours.open', { from: hours.from, to: hours.to, zone: zoneText })}{' '}
      {t('support.hours.reply', { time: replyTime(typicalReplyMinutes, i18n.language) })}
    </p>
  );
}
