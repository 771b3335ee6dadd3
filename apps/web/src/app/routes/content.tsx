import { Card } from '../../components/ui/card';
import { useCoinLabel } from '../../features/assets/api/coin-list';
import { AnnouncementList } from '../../features/content/components/announcement-list';
import { ContentDocumentView } from '../../features/content/components/content-document-view';
import { NotificationsPage } from '../../features/notifications/pages/notifications';
import { TermsContent } from '../../features/terms/components/terms-content';
import { TermsRegPage } from '../../features/terms/pages/terms-reg';
import { withQueries } from '../with-queries';

/** /notification: the member's notifications, the announcements of the content feature beside them. */
export function NotificationRoute() {
  const coinLabel = useCoinLabel();
  return <NotificationsPage announcements={<AnnouncementList />} coinLabel={coinLabel} />;
}

/** /terms: the staff-edited terms, the built-in text until staff published a version. */
export function TermsRoute() {
  return (
    <Card>
      <ContentDocumentView kind="terms" fallback={<TermsContent />} />
    </Card>
  );
}

function TermsReg() {
  return <TermsRegPage document={<ContentDocumentView kind="regTerms" fallback={<TermsContent />} />} />;
}
/** /terms/reg (public): the staff-edited registration terms; a public page, so it brings its query client. */
export const TermsRegRoute = withQueries(TermsReg);
