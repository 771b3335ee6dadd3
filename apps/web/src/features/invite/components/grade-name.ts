import { useTranslation } from 'react-i18next';
import { gradeKeyOf, type GradeNameSet } from '@pp/contract';

/** A grade's name by spec section 4's rule: members outside CN see the nobility names, in every language. */
export function useGradeName(): (level: number, set: GradeNameSet) => string {
  const { t } = useTranslation();
  return (level, set) => t(`community.grades.${set}.${gradeKeyOf(level)}`);
}
