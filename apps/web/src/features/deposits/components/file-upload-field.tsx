import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadInfo } from '@pp/contract';
import { ApiError } from '@pp/browser-kit';
import { translateKey } from '../../../lib/i18n';
import { base64Of, createUpload } from '../../../lib/upload-create';
import { shrinkForUpload } from '../../../lib/shrink-image';

interface FileUploadFieldProps {
  label: string;
  hint?: string;
  /** The upload the form will name, or null. */
  value: UploadInfo | null;
  onValueChange: (value: UploadInfo | null) => void;
  error?: string;
  /** What the server accepts (its content check decides; this only filters the picker). */
  accept: readonly string[];
  bytesMax: number;
  shrinkSidePx: number;
  /** Lets the form wait for an upload still under way before submitting. */
  onBusyChange?: (isBusy: boolean) => void;
}

type Phase = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'uploading'; fraction: number } | { kind: 'failed'; message: string };

/**
 * Chooses a file and uploads it at once: a photo is shrunk in the browser first, then sent with
 * a progress bar; the server answers what it stored (an image re-encoded, a PDF checked), and
 * the field shows a preview of the picture the member chose.
 */
export function FileUploadField({ label, hint, value, onValueChange, error, accept, bytesMax, shrinkSidePx, onBusyChange }: FileUploadFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    onValueChange(null);
    setPreview(null);
    setPhase({ kind: 'preparing' });
    onBusyChange?.(true);
    try {
      const blob = await shrinkForUpload(file, shrinkSidePx, bytesMax);
      if (blob.size > bytesMax) {
        setPhase({ kind: 'failed', message: translateKey('validation.fileTooLarge') });
        return;
      }
      setPhase({ kind: 'uploading', fraction: 0 });
      const content = await base64Of(blob);
      const stored = await createUpload({ fileName: file.name.slice(0, 100), content }, (fraction) => setPhase({ kind: 'uploading', fraction }));
      if (stored.mimeType.startsWith('image/')) setPreview(URL.createObjectURL(blob));
      onValueChange(stored);
      setPhase({ kind: 'idle' });
    } catch (failure) {
      // The API client already showed the reason as a toast; keep it under the field too.
      setPhase({ kind: 'failed', message: failure instanceof ApiError ? failure.message : translateKey('validation.fileUnreadable') });
    } finally {
      onBusyChange?.(false);
    }
  };

  const remove = () => {
    onValueChange(null);
    setPreview(null);
    setPhase({ kind: 'idle' });
  };

  const shownError = phase.kind === 'failed' ? phase.message : error;
  const isBusy = phase.kind === 'preparing' || phase.kind === 'uploading';
  const percent = phase.kind === 'uploading' ? Math.round(phase.fraction * 100) : 0;
  return (
    <div className={shownError ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="upload-field">
        <input
          ref={input}
          id={id}
          className="upload-input"
          type="file"
          accept={accept.join(',')}
          onChange={(e) => void choose(e)}
          disabled={isBusy}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : '', shownError ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        />
        <button type="button" className="btn btn-secondary" onClick={() => input.current?.click()} disabled={isBusy}>
          {value ? t('deposit.replaceFile') : t('deposit.chooseFile')}
        </button>
        {value ? (
          <span className="upload-chosen">
            {preview ? <img className="upload-preview" src={preview} alt={label} /> : null}
            <span className="break">{value.fileName || t('deposit.fileUploaded')}</span>
            <button type="button" className="btn btn-small btn-secondary" onClick={remove}>
              {t('deposit.removeFile')}
            </button>
          </span>
        ) : null}
      </div>
      {isBusy ? (
        <div className="upload-progress">
          <div
            className="upload-progress-track"
            role="progressbar"
            aria-label={t('deposit.uploading')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase.kind === 'uploading' ? percent : undefined}
          >
            <div
              className={phase.kind === 'uploading' ? 'upload-progress-fill' : 'upload-progress-fill upload-progress-indeterminate'}
              style={{ width: `${phase.kind === 'uploading' ? percent : 30}%` }}
            />
          </div>
          <span className="field-hint">{phase.kind === 'uploading' ? t('deposit.uploadingPercent', { percent }) : t('deposit.preparing')}</span>
        </div>
      ) : null}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {shownError ? (
        <p className="field-error" id={`${id}-error`}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
