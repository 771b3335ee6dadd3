import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf, SaleEntry } from '@pp/contract';
import { ApiError, Dialog, sendWithKey, showToast, useSubmit } from '@pp/browser-kit';
import { MoneyForm, usePasswordStep } from '../../../components/money-form/money-form';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { formatExact, formatCount } from '@pp/contract';
import { armPurchase } from '../api/arm-purchase';
import { salePurchase } from '../api/sale-purchase';
import { dropPermit, purchaseRequestIds, setPermit, usePermit } from '../permits';
import { phaseOf, secondsUntil, splitDuration, type SalePhase } from '../sale-clock';

export interface SaleCardProps {
  sale: SaleEntry;
  /** The server's time now (the list's clock). */
  serverNow: number;
  coinLabel: (coinName: string) => string;
  /** A purchase went through: the list, the codes or holdings and the balances changed. */
  onBought: (result: ResponseOf<'buyPurchaseCode'>) => void;
  /** A refusal that changes what the list shows (sold out, the limit reached): read it again. */
  onRefused: () => void;
}

/** Refusals after which the list itself has changed (stock, the member's count, the window). */
const listChangingRefusals = new Set(['scarce.soldOut', 'scarce.memberLimit', 'scarce.tooLate', 'scarce.notEligible', 'scarce.notFound']);

const phaseTone = { upcoming: 'pending', open: 'success', ended: 'neutral' } as const;

/**
 * One rush or flash sale: its terms, stock and the member's count, the countdown on the server's
 * clock, arming with the transaction password before the start, and the buy button that enables
 * at the start. Shared by /code (rushes) and the flash-sale panel of /package and /index.
 */
export function SaleCard({ sale, serverNow, coinLabel, onBought, onRefused }: SaleCardProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const permit = usePermit(sale.id);
  const { isPending: isBusy, run } = useSubmit();
  const [isArming, setIsArming] = useState(false);
  /** Why the last purchase attempt failed, in the member's language (the toast said it too). */
  const [problem, setProblem] = useState<string | null>(null);
  const countdownId = useId();
  const phase = phaseOf(sale, serverNow);
  const isArmed = permit !== null && permit.expiresAt > serverNow;
  const refusal = sale.refusal ? translateKey(`errors.scarce.${sale.refusal}`) : null;
  const canArm = phase !== 'ended' && sale.refusal === null && sale.left > 0;
  const canBuy = phase === 'open' && isArmed && sale.refusal === null && sale.left > 0;

  const buy = () => {
    if (!permit || !canBuy) return;
    const body = { saleId: sale.id, permit: permit.permit };
    const requestIds = purchaseRequestIds(sale.id);
    void run(async () => {
      let result;
      try {
        result = await sendWithKey(requestIds, body, (payload, requestId) => salePurchase(sale.kind, payload, requestId));
      } catch (error) {
        if (error instanceof ApiError) {
          if (error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && (error.details.status ?? 0) >= 500)) {
            // The purchase may have gone through: the permit and the request id are kept, and a
            // retry with the same id returns that purchase instead of buying again.
            setProblem(t('scarce.noAnswer'));
          } else if (error.kind !== 'aborted') {
            setProblem(error.message);
            if (error.errorKey === 'scarce.permitInvalid') dropPermit(sale.id);
            if (error.errorKey && listChangingRefusals.has(error.errorKey)) onRefused();
          }
        }
        throw error;
      }
      dropPermit(sale.id);
      setProblem(null);
      showToast('success', t(sale.kind === 'code' ? 'scarce.boughtCode' : 'scarce.boughtPackage'));
      onBought(result);
    });
  };

  return (
    <li className="list-card sale-card" data-testid="sale-card" data-sale-id={sale.id}>
      <div className="list-card-row list-card-row-wrap">
        <span className="list-card-title" data-user-content>
          {sale.productName}
        </span>
        <span className="badge-row">
          <StatusBadge tone={phaseTone[phase]}>{t(`scarce.phases.${phase}`)}</StatusBadge>
          {isArmed && phase !== 'ended' ? <StatusBadge tone="success">{t('scarce.armedBadge')}</StatusBadge> : null}
        </span>
      </div>
      <p className="sale-countdown" id={countdownId} role="timer" data-testid="sale-countdown" data-phase={phase}>
        <Countdown phase={phase} sale={sale} serverNow={serverNow} />
      </p>
      <dl className="list-card-fields">
        <div>
          <dt>{t('scarce.price')}</dt>
          <dd data-testid="sale-price">{`${formatExact(sale.price, language)} ${coinLabel(sale.coinName)}`}</dd>
        </div>
        <div>
          <dt>{t('scarce.units')}</dt>
          <dd>{formatCount(sale.units, language)}</dd>
        </div>
        <div>
          <dt>{t('scarce.left')}</dt>
          <dd data-testid="sale-left">{t('scarce.ofTotal', { count: sale.left, total: sale.total })}</dd>
        </div>
        <div>
          <dt>{t('scarce.mine')}</dt>
          <dd data-testid="sale-mine">{t('scarce.ofTotal', { count: sale.bought, total: sale.perMemberLimit })}</dd>
        </div>
        <div>
          <dt>{t('scarce.window')}</dt>
          <dd>{t('scarce.windowValue', { from: formatDateTime(sale.startsAt, language), to: formatDateTime(sale.endsAt, language) })}</dd>
        </div>
      </dl>
      {(problem ?? refusal) ? (
        <p className="package-refusal" data-testid="sale-refusal">
          {problem ?? refusal}
        </p>
      ) : null}
      {isArmed && phase !== 'ended' ? (
        <p className="card-note" data-testid="sale-armed">
          {t('scarce.armedUntil', { time: formatDateTime(permit.expiresAt, language) })}
        </p>
      ) : canArm ? (
        <p className="card-note" data-testid="sale-arm-first">
          {/* The server knows of a permit this page does not hold (armed before a reload or in another tab). */}
          {t(sale.armedUntil !== null && sale.armedUntil > serverNow ? 'scarce.armedElsewhere' : phase === 'open' ? 'scarce.armToBuy' : 'scarce.armBefore')}
        </p>
      ) : null}
      <div className="list-card-actions">
        {canArm ? (
          <Button variant="secondary" onClick={() => setIsArming(true)} disabled={isBusy}>
            {t(isArmed ? 'scarce.armAgain' : 'scarce.arm')}
          </Button>
        ) : null}
        <Button onClick={buy} disabled={!canBuy} isBusy={isBusy} aria-describedby={canBuy ? undefined : countdownId}>
          {t('scarce.buy')}
        </Button>
      </div>
      <ArmDialog
        isOpen={isArming}
        sale={sale}
        onClose={() => setIsArming(false)}
        onArmed={() => {
          setProblem(null);
          setIsArming(false);
        }}
      />
    </li>
  );
}

function Countdown({ phase, sale, serverNow }: { phase: SalePhase; sale: SaleEntry; serverNow: number }) {
  const { t } = useTranslation();
  if (phase === 'ended') return <>{t('scarce.ended')}</>;
  const { days, time } = splitDuration(secondsUntil(phase === 'upcoming' ? sale.startsAt : sale.endsAt, serverNow));
  const shown = days > 0 ? t('scarce.daysAndTime', { days, time }) : time;
  return <>{t(phase === 'upcoming' ? 'scarce.startsIn' : 'scarce.endsIn', { time: shown })}</>;
}

/** Arming: the transaction password is checked now (the money form's password step), so the purchase at the start needs none. */
function ArmDialog({ isOpen, sale, onClose, onArmed }: { isOpen: boolean; sale: SaleEntry; onClose: () => void; onArmed: () => void }) {
  const { t } = useTranslation();
  const { flow, password, close } = usePasswordStep({
    request: (transactionPassword) => ({ saleId: sale.id, transactionPassword }),
    // Arming moves nothing, and arming again only replaces the permit: it takes no request id.
    send: (body) => armPurchase(body),
    refusalsUnderPassword: ['user.txPasswordWrong', 'user.txLocked'],
    onDone: (armed) => {
      setPermit(sale.id, { permit: armed.permit, expiresAt: armed.expiresAt });
      showToast('success', t('scarce.armed'));
      onArmed();
    },
    onClose,
  });
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('scarce.armTitle', { name: sale.productName })} isLocked={flow.isBusy}>
      <MoneyForm
        flow={flow}
        password={{ label: t('scarce.transactionPassword'), ...password }}
        submitLabel={t('scarce.armSubmit')}
        back={{ label: t('scarce.back'), onBack: close }}
      >
        <p className="card-note">{t('scarce.armIntro')}</p>
      </MoneyForm>
    </Dialog>
  );
}
