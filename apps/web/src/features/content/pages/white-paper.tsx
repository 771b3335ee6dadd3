import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { ContentDocumentView } from '../components/content-document-view';

/** /white-paper: the staff-edited white paper. */
export function WhitePaperPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <ContentDocumentView
        kind="whitePaper"
        fallback={
          <>
            <h1 className="page-title">{t('whitePaper.title')}</h1>
            <p className="empty">{t('whitePaper.empty')}</p>
          </>
        }
      />
    </Card>
  );
}
