import { useTranslation } from 'react-i18next';
import { coinNames, formatCount, formatExact, formatMinor, type CoinName, type ProofDocument } from '@pp/contract';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';

/** A coin's name in the reader's language (the public texts, there before sign-in); another coin keeps its code. */
export function useProofCoinLabel(): (coin: string) => string {
  const { t } = useTranslation();
  return (coin) => ((coinNames as readonly string[]).includes(coin) ? t(`proofPublic.coins.${coin as CoinName}`) : coin);
}

/** Minor units (the tree's unit) shown as points. */
export function ProofAmount({ minor }: { minor: string }) {
  return <>{formatExact(formatMinor(BigInt(minor)), currentLanguage())}</>;
}

/** The published snapshot: cut-off, member count, totals per coin, root hash and signing key. */
export function PublishedCard({ document }: { document: ProofDocument }) {
  const { t } = useTranslation();
  const coinLabel = useProofCoinLabel();
  const language = currentLanguage();
  return (
    <Card title={t('proofPublic.published')}>
      <dl className="info-list" data-testid="proof-published">
        <div className="info-row">
          <dt>{t('proofPublic.cutOff')}</dt>
          <dd>{formatDateTime(document.cutOffMs, language)}</dd>
        </div>
        <div className="info-row">
          <dt>{t('proofPublic.memberCount')}</dt>
          <dd>{formatCount(document.memberCount, language)}</dd>
        </div>
        {document.coins.map((coin) => (
          <div className="info-row" key={coin}>
            <dt>{t('proofPublic.totalOf', { coin: coinLabel(coin) })}</dt>
            <dd>
              <ProofAmount minor={document.totals[coin] ?? '0'} />
            </dd>
          </div>
        ))}
        <div className="info-row">
          <dt>{t('proofPublic.rootHash')}</dt>
          <dd className="mono proof-hash" data-testid="proof-root">
            {document.rootHash}
          </dd>
        </div>
        <div className="info-row">
          <dt>{t('proofPublic.publicKey')}</dt>
          <dd className="mono proof-hash">{document.publicKey.x}</dd>
        </div>
      </dl>
    </Card>
  );
}
