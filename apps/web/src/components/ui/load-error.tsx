import { useTranslation } from 'react-i18next';

/** A part of the app could not be shown; the way out is a reload (new chunks after a deploy). */
export function LoadErrorView({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <div className="load-error" role="alert">
      <h1 className="page-title">{title}</h1>
      <p>{body}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('load.reload')}
      </button>
    </div>
  );
}
