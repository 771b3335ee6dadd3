import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberProof } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useProofMine } from '../api/proof';
import { ProofAmount as Amount, PublishedCard as Published, useProofCoinLabel as useCoinLabel } from '../components/published';
import { downloadProof, verifyInBrowser } from '../verify';

/** Where the server serves the standalone verifier (docs/proof/verify.mjs). */
const verifierHref = '/proof-verify.mjs';
/** The command line that runs it on the downloaded file: code, the same in every language. */
const verifierCommand = (snapshotId: string) => `node verify.mjs proof-${snapshotId}.json`;

type Check = { state: 'idle' } | { state: 'busy' } | { state: 'ok' } | { state: 'failed'; reason: string };

function Mine({ proof }: { proof: MemberProof }) {
  const { t } = useTranslation();
  const coinLabel = useCoinLabel();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const verify = async () => {
    setCheck({ state: 'busy' });
    const outcome = await verifyInBrowser(proof);
    setCheck(outcome.ok ? { state: 'ok' } : { state: 'failed', reason: outcome.reason ?? '' });
  };
  return (
    <>
      <Card title={t('proof.yourLeaf')}>
        <div className="stack-tight">
          <dl className="info-list" data-testid="proof-leaf">
            {proof.document.coins.map((coin, i) => (
              <div className="info-row" key={coin}>
                <dt>{coinLabel(coin)}</dt>
                <dd>
                  <Amount minor={proof.leaf.balances[i] ?? '0'} />
                </dd>
              </div>
            ))}
            <div className="info-row">
              <dt>{t('proof.salt')}</dt>
              <dd className="mono proof-hash">{proof.leaf.salt}</dd>
            </div>
          </dl>
          <p className="record-note">{t('proof.saltNote')}</p>
          <div className="proof-actions">
            <Button onClick={() => void verify()} isBusy={check.state === 'busy'} data-testid="proof-verify">
              {t('proof.verify')}
            </Button>
            <Button variant="secondary" onClick={() => downloadProof(proof)} data-testid="proof-download">
              {t('proof.download')}
            </Button>
          </div>
          <p role="status" data-testid="proof-result" className={check.state === 'failed' ? 'proof-result proof-failed' : 'proof-result'}>
            {check.state === 'ok' ? t('proof.verified') : check.state === 'failed' ? t('proof.failed', { reason: check.reason }) : null}
          </p>
          <p className="record-note">
            {t('proof.verifierNote')}{' '}
            <a href={verifierHref} download="verify.mjs">
              {t('proof.verifierLink')}
            </a>
          </p>
          <p className="record-note mono">{verifierCommand(proof.document.snapshotId)}</p>
        </div>
      </Card>
      <Card title={t('proof.path', { steps: proof.path.length })}>
        <ol className="proof-path" data-testid="proof-path">
          {proof.path.map((step, i) => (
            <li key={i} className="proof-step">
              <span className="proof-step-side">{t(step.side === 'left' ? 'proof.siblingLeft' : 'proof.siblingRight')}</span>
              <span className="mono proof-hash">{step.hash}</span>
              <span className="proof-step-sums">
                {proof.document.coins.map((coin, c) => (
                  <small key={coin}>
                    {coinLabel(coin)} <Amount minor={step.sums[c] ?? '0'} />
                  </small>
                ))}
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

/** /proof: the latest proof of liabilities and the member's own leaf, checked in the browser (decision 088). */
export function ProofPage() {
  const { t } = useTranslation();
  const mine = useProofMine();
  const data = mine.data;
  return (
    <>
      <PageHeader title={t('proof.title')} description={t('proof.description')} />
      <div className="stack">
        {!data ? (
          <Card>
            <CardLoadState isError={mine.isError} onRetry={() => void mine.refetch()} />
          </Card>
        ) : !data.document ? (
          <Card>
            <p className="empty">{t('proof.none')}</p>
          </Card>
        ) : (
          <>
            <Published document={data.document} />
            {data.proof ? (
              <Mine proof={data.proof} />
            ) : (
              <Card>
                <p className="empty">{t('proof.notIncluded')}</p>
              </Card>
            )}
          </>
        )}
      </div>
    </>
  );
}
