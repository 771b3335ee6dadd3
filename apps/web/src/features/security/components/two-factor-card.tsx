import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TotpSetupResponse } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useSubmit, showToast } from '@pp/browser-kit';
import { securityOverviewQueryOptions, useSecurityOverview } from '../api/security-overview';
import { startTotpSetup } from '../api/totp-setup';
import { LoadState } from './load-state';
import { RecoveryCodes } from './recovery-codes';
import { TotpDisableForm } from './totp-disable-form';
import { TotpEnrol } from './totp-enrol';

type Stage = { name: 'idle' } | { name: 'enrolling'; setup: TotpSetupResponse } | { name: 'codes'; codes: string[] } | { name: 'disabling' };

/**
 * The stage outlives the card: the member layout swaps between desktop and phone at the
 * breakpoint (a tablet turned, a window resized), which mounts the page anew, and the recovery
 * codes are shown only once. It lives in memory only, and every end of a session reloads the app.
 */
let keptStage: Stage = { name: 'idle' };

/** Two-step login: its state, turning it on (QR, code, recovery codes) and off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const overview = useSecurityOverview();
  const [stage, setStageState] = useState<Stage>(() => keptStage);
  const setStage = (next: Stage) => {
    keptStage = next;
    setStageState(next);
  };
  const { isPending: isBusy, run } = useSubmit();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: securityOverviewQueryOptions().queryKey });

  const start = () =>
    void run(async () => {
      setStage({ name: 'enrolling', setup: await startTotpSetup() });
    });

  let body;
  if (stage.name === 'enrolling') {
    body = (
      <TotpEnrol
        setup={stage.setup}
        onEnabled={(codes) => {
          showToast('success', t('security.twoFactor.enabled'));
          setStage({ name: 'codes', codes });
          refresh();
        }}
        onCancel={() => setStage({ name: 'idle' })}
      />
    );
  } else if (stage.name === 'codes') {
    body = <RecoveryCodes codes={stage.codes} onDone={() => setStage({ name: 'idle' })} />;
  } else if (overview.data) {
    const data = overview.data;
    body = (
      <div className="stack-tight">
        <dl className="info-list">
          <div className="info-row">
            <dt>{t('security.twoFactor.status')}</dt>
            <dd>
              <StatusBadge tone={data.twoFactorEnabled ? 'success' : 'neutral'}>
                {data.twoFactorEnabled ? t('security.twoFactor.statusOn') : t('security.twoFactor.statusOff')}
              </StatusBadge>
            </dd>
          </div>
          {data.twoFactorEnabled && data.enabledAt !== null ? (
            <div className="info-row">
              <dt>{t('security.twoFactor.enabledAt')}</dt>
              <dd>{formatDateTime(data.enabledAt, currentLanguage())}</dd>
            </div>
          ) : null}
          {data.twoFactorEnabled ? (
            <div className="info-row">
              <dt>{t('security.twoFactor.recoveryLeft')}</dt>
              <dd>{data.recoveryCodesLeft}</dd>
            </div>
          ) : null}
        </dl>
        {!data.twoFactorEnabled ? (
          <Button onClick={start} isBusy={isBusy}>
            {t('security.twoFactor.start')}
          </Button>
        ) : stage.name === 'disabling' ? (
          <TotpDisableForm
            onDisabled={() => {
              setStage({ name: 'idle' });
              refresh();
            }}
            onCancel={() => setStage({ name: 'idle' })}
          />
        ) : (
          <Button variant="secondary" onClick={() => setStage({ name: 'disabling' })}>
            {t('security.twoFactor.disableTitle')}
          </Button>
        )}
      </div>
    );
  } else {
    body = <LoadState isError={overview.isError} onRetry={() => void overview.refetch()} />;
  }

  return (
    <Card title={t('security.twoFactor.title')}>
      <div className="stack-tight">
        <p className="field-hint">{t('security.twoFactor.intro')}</p>
        {body}
      </div>
    </Card>
  );
}
