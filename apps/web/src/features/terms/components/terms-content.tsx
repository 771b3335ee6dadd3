import { useTranslation } from 'react-i18next';

const sections = ['account', 'points', 'movements', 'rewards', 'conduct', 'contact'] as const;

/** The terms and conditions text, with its h1. */
export function TermsContent() {
  const { t } = useTranslation();
  return (
    <article className="terms">
      <h1 className="page-title">{t('terms.title')}</h1>
      <p>{t('terms.intro')}</p>
      {sections.map((s) => (
        <section key={s}>
          <h2>{t(`terms.${s}Title`)}</h2>
          <p>{t(`terms.${s}Body`)}</p>
        </section>
      ))}
    </article>
  );
}
