/**
 * The packages screen, composed here because it needs two features: the page from packages, the
 * grade names (a special product's minimum grade) from members.
 */
import { useGradeLabel } from '../../features/members/components/grade-label';
import { PackagesPage } from '../../features/packages/pages/packages';

export function PackagesRoute() {
  const gradeLabel = useGradeLabel();
  return <PackagesPage gradeLabel={gradeLabel} />;
}
