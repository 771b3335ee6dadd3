import { useTranslation } from 'react-i18next';
import { gradeKeyOrNull } from '@pp/contract';

export function useGradeLabel(): (level: number) => string {
  const { t } = useTranslation();
  return (level) => {
    const name = gradeKeyOrNull(level);
    return name ? t('grades.option', { level, name: t(`grades.${name}`) }) : t('grades.unknown', { level });
  };
}

export function GradeLabel({ level }: { level: number }) {
  const label = useGradeLabel();
  return <>{label(level)}</>;
}
