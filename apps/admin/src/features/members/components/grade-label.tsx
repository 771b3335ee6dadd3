import { useTranslation } from 'react-i18next';
import { gradeName } from '../grades';

export function useGradeLabel(): (level: number) => string {
  const { t } = useTranslation();
  return (level) => {
    const name = gradeName(level);
    return name ? t('grades.option', { level, name: t(`grades.${name}`) }) : t('grades.unknown', { level });
  };
}

export function GradeLabel({ level }: { level: number }) {
  const label = useGradeLabel();
  return <>{label(level)}</>;
}
