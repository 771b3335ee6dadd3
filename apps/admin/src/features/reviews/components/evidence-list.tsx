import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '@pp/contract';
import { translateOr } from '../../../lib/i18n';
import { useCan } from '../../../lib/staff-session';
import { UploadEvidence, uploadIdOf } from './upload-evidence';

/** Images and links only from our own server or a data URL; anything else is shown as text. */
export function isSafeImageSource(value: string): boolean {
  return /^data:image\/(png|jpe?g|gif|webp|svg\+xml);/i.test(value) || (value.startsWith('/') && !value.startsWith('//'));
}
export function isLink(value: string): boolean {
  return /^https?:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'));
}

export function EvidenceList({ evidence }: { evidence: ReviewItem['evidence'] }) {
  const { t } = useTranslation();
  // A role without uploads.read (the viewer) sees that a file is there, not the file (decision 061).
  const canOpenFiles = useCan()('uploads.read');
  if (evidence.length === 0) return <p className="muted">{t('reviews.noEvidence')}</p>;
  return (
    <ul className="evidence-list">
      {evidence.map((item, index) => (
        <li key={`${item.label}-${index}`} className="evidence">
          <span className="evidence-label">{translateOr(`reviewFields.${item.label}`, item.label)}</span>
          {uploadIdOf(item.value) && !canOpenFiles ? (
            <span className="muted">{t('reviews.fileHidden', { label: translateOr(`reviewFields.${item.label}`, item.label) })}</span>
          ) : uploadIdOf(item.value) ? (
            <UploadEvidence id={uploadIdOf(item.value)!} label={translateOr(`reviewFields.${item.label}`, item.label)} />
          ) : item.isImage && isSafeImageSource(item.value) ? (
            <a href={item.value} target="_blank" rel="noopener noreferrer" className="evidence-image">
              <img src={item.value} alt={translateOr(`reviewFields.${item.label}`, item.label)} loading="lazy" />
            </a>
          ) : isLink(item.value) ? (
            <a href={item.value} target="_blank" rel="noopener noreferrer" className="break">
              {item.value}
            </a>
          ) : (
            <span className="break">{item.value}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
