import { Card } from '../../../components/ui/card';
import { TermsContent } from '../components/terms-content';

/** /terms: the terms for a logged-in member. */
export function TermsPage() {
  return (
    <Card>
      <TermsContent />
    </Card>
  );
}
