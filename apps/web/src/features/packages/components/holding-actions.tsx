import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldingEntry, ProductEntry } from '@pp/contract';
import { Dialog, SelectField, TextField, useForm, useSubmit, showToast } from '@pp/browser-kit';
import { MoneyForm, useMoneyForm, usePasswordStep } from '../../../components/money-form/money-form';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { formatDecimal, formatExact, parsePoints } from '@pp/contract';
import { addWarehouse } from '../api/add-warehouse';
import { claimCreate } from '../api/claim-create';
import { fillingPositions } from '../api/filling-positions';
import { transferHolding } from '../api/internal-transfer';
import { redeem } from '../api/redeem';
import { useRedeemFee } from '../api/redeem-fee';
import { upgradeMatching } from '../api/upgrade-matching';
import { timesUnits } from '../payment-mix';
import { upgradeTargets } from '../upgrade-targets';
import { PayDialog } from './pay-dialog';

export type HoldingAction = { kind: 'upgrade' | 'add' | 'refill' | 'redeem' | 'transfer' | 'claim'; holding: HoldingEntry };

interface HoldingActionDialogsProps {
  action: HoldingAction | null;
  onClose: () => void;
  products: readonly ProductEntry[];
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  selfUserName: string | undefined;
  onChanged: () => void;
}

/** The dialog of the action the member chose on a holding (one at a time). */
export function HoldingActionDialogs({ action, onClose, products, availableOf, coinLabel, selfUserName, onChanged }: HoldingActionDialogsProps) {
  const { t } = useTranslation();
  const holding = action?.holding;
  const product = holding ? products.find((p) => p.id === holding.productId) : undefined;
  const common = { onClose, availableOf, coinLabel };
  return (
    <>
      <UpgradeDialog isOpen={action?.kind === 'upgrade'} holding={holding} products={products} onChanged={onChanged} {...common} />
      <PayDialog
        isOpen={action?.kind === 'add' && holding !== undefined && product !== undefined}
        title={holding ? t('packages.add.title', { number: holding.number }) : ''}
        payWith={product?.payWith ?? []}
        feeCoinName={holding?.terms.feeCoinName ?? ''}
        hasQuantity
        cost={(quantity) => ({
          principal: timesUnits(holding?.terms.price ?? '0', quantity),
          premium: timesUnits(holding?.terms.premium ?? '0', quantity),
          fee: timesUnits(holding?.terms.fee ?? '0', quantity),
        })}
        submitLabel={t('packages.add.submit')}
        successText={t('packages.add.done')}
        send={async (body, requestId) => {
          await addWarehouse({ holdingId: holding?.id ?? '', ...body }, requestId);
          onChanged();
        }}
        {...common}
      />
      <PayDialog
        isOpen={action?.kind === 'refill' && holding !== undefined && product !== undefined}
        title={holding ? t('packages.refill.title', { number: holding.number }) : ''}
        intro={<p className="card-note">{t('packages.refill.intro', { units: holding?.units ?? 0 })}</p>}
        payWith={product?.payWith ?? []}
        feeCoinName={product?.terms.feeCoinName ?? ''}
        hasQuantity={false}
        cost={() => ({
          principal: timesUnits(product?.terms.price ?? '0', holding?.units ?? 0),
          premium: timesUnits(product?.terms.premium ?? '0', holding?.units ?? 0),
          fee: timesUnits(product?.terms.fee ?? '0', holding?.units ?? 0),
        })}
        submitLabel={t('packages.refill.submit')}
        successText={t('packages.refill.done')}
        send={async ({ payments, transactionPassword }, requestId) => {
          await fillingPositions({ holdingId: holding?.id ?? '', payments, transactionPassword }, requestId);
          onChanged();
        }}
        {...common}
      />
      <RedeemDialog isOpen={action?.kind === 'redeem'} holding={holding} onChanged={onChanged} {...common} />
      <TransferDialog isOpen={action?.kind === 'transfer'} holding={holding} selfUserName={selfUserName} onChanged={onChanged} onClose={onClose} />
      <ClaimDialog isOpen={action?.kind === 'claim'} holding={holding} onChanged={onChanged} onClose={onClose} coinLabel={coinLabel} />
    </>
  );
}

interface DialogBase {
  isOpen: boolean;
  holding: HoldingEntry | undefined;
  onClose: () => void;
  onChanged: () => void;
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
}

/** Upgrade: choose a product with a higher price; the difference per unit, its premium and fee are paid. */
function UpgradeDialog({ isOpen, holding, products, onClose, onChanged, availableOf, coinLabel }: DialogBase & { products: readonly ProductEntry[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [targetId, setTargetId] = useState('');
  const targets = holding ? upgradeTargets(holding, products) : [];
  const target = targets.find((p) => p.id === targetId) ?? targets[0];
  const units = holding?.units ?? 0;
  const difference = target && holding ? timesUnits(target.terms.price, units) - timesUnits(holding.terms.price, units) : 0n;
  return (
    <PayDialog
      isOpen={isOpen && holding !== undefined}
      onClose={() => {
        setTargetId('');
        onClose();
      }}
      title={holding ? t('packages.upgrade.title', { number: holding.number }) : ''}
      intro={
        <SelectField
          label={t('packages.upgrade.target')}
          value={target?.id ?? ''}
          onValueChange={setTargetId}
          options={targets.map((p) => ({
            value: p.id,
            label: t('packages.upgrade.targetOption', { name: p.name, price: formatExact(p.terms.price, language) }),
          }))}
          hint={
            target && holding
              ? t('packages.upgrade.difference', { from: formatExact(holding.terms.price, language), to: formatExact(target.terms.price, language), units })
              : undefined
          }
        />
      }
      payWith={target?.payWith ?? []}
      feeCoinName={target?.terms.feeCoinName ?? ''}
      hasQuantity={false}
      blocked={target ? undefined : t('packages.upgrade.noTarget')}
      cost={() => ({
        principal: difference > 0n ? difference : 0n,
        premium: timesUnits(target?.terms.premium ?? '0', units),
        fee: timesUnits(target?.terms.fee ?? '0', units),
      })}
      availableOf={availableOf}
      coinLabel={coinLabel}
      submitLabel={t('packages.upgrade.submit')}
      successText={t('packages.upgrade.done')}
      send={async ({ payments, transactionPassword }, requestId) => {
        await upgradeMatching({ holdingId: holding?.id ?? '', toProductId: target?.id ?? '', payments, transactionPassword }, requestId);
        setTargetId('');
        onChanged();
      }}
    />
  );
}

/** Redeem: the server's preview of the fee first, then the transaction password sends it (the money form's password step). */
function RedeemDialog({ isOpen, holding, onClose, onChanged, coinLabel }: DialogBase) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const preview = useRedeemFee(isOpen && holding ? holding.id : null);
  const { flow, password, close } = usePasswordStep({
    request: (transactionPassword) => (holding ? { holdingId: holding.id, transactionPassword } : null),
    send: (body, requestId) => redeem(body, requestId),
    onDone: () => {
      showToast('success', t('packages.redeem.done'));
      onChanged();
      onClose();
    },
    onClose,
  });
  return (
    <Dialog
      isOpen={isOpen && holding !== undefined}
      onClose={close}
      title={holding ? t('packages.redeem.title', { number: holding.number }) : ''}
      isLocked={flow.isBusy}
    >
      {preview.data ? (
        <MoneyForm
          flow={flow}
          password={{ label: t('packages.pay.transactionPassword'), ...password }}
          submitLabel={t('packages.redeem.submit')}
          submitVariant="danger"
          back={{ label: t('packages.pay.back'), onBack: close }}
        >
          <p className="card-note">{t('packages.redeem.intro', { percent: formatDecimal(preview.data.feePercent, language) })}</p>
          <dl className="info-list info-list-compact" data-testid="redeem-preview">
            {preview.data.lines.map((line) => (
              <div className="info-row" key={line.coinName}>
                <dt>{coinLabel(line.coinName)}</dt>
                <dd>
                  {t('packages.redeem.line', {
                    principal: formatExact(line.principal, language),
                    fee: formatExact(line.fee, language),
                    receive: formatExact(line.receive, language),
                  })}
                </dd>
              </div>
            ))}
            <div className="info-row">
              <dt>{t('packages.redeem.principal')}</dt>
              <dd>{formatExact(preview.data.principal, language)}</dd>
            </div>
            <div className="info-row">
              <dt>{t('packages.redeem.fee')}</dt>
              <dd data-testid="redeem-fee">{formatExact(preview.data.fee, language)}</dd>
            </div>
            <div className="info-row">
              <dt>{t('packages.redeem.receive')}</dt>
              <dd>
                <strong data-testid="redeem-receive">{formatExact(preview.data.receive, language)}</strong>
              </dd>
            </div>
          </dl>
        </MoneyForm>
      ) : (
        <CardLoadState isError={preview.isError} onRetry={() => void preview.refetch()} />
      )}
    </Dialog>
  );
}

/** Internal transfer: the receiver's username and the transaction password, then a confirmation. */
function TransferDialog({
  isOpen,
  holding,
  selfUserName,
  onClose,
  onChanged,
}: Pick<DialogBase, 'isOpen' | 'holding' | 'onClose' | 'onChanged'> & { selfUserName: string | undefined }) {
  const { t } = useTranslation();
  // The dialog cannot be closed while the transfer is being sent.
  const [isLocked, setIsLocked] = useState(false);
  return (
    <Dialog
      isOpen={isOpen && holding !== undefined}
      onClose={onClose}
      title={holding ? t('packages.transfer.title', { number: holding.number }) : ''}
      isLocked={isLocked}
    >
      {/* Rendered only while open: what was typed is gone when the dialog closes. */}
      {isOpen && holding ? (
        <TransferForm holding={holding} selfUserName={selfUserName} onClose={onClose} onChanged={onChanged} onBusyChange={setIsLocked} />
      ) : null}
    </Dialog>
  );
}

/** The member money form of an internal transfer, its confirmation in the dialog's place. */
function TransferForm({
  holding,
  selfUserName,
  onClose,
  onChanged,
  onBusyChange,
}: {
  holding: HoldingEntry;
  selfUserName: string | undefined;
  onClose: () => void;
  onChanged: () => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ toUserName: '', transactionPassword: '' });
  const { values, errors, setValue } = form;
  const flow = useMoneyForm(
    {
      check: () => {
        const next: Partial<Record<'toUserName' | 'transactionPassword', string>> = {};
        const name = values.toUserName.trim();
        if (name === '') next.toUserName = translateKey('validation.enterUsername');
        else if (selfUserName && name.toLowerCase() === selfUserName.toLowerCase()) next.toUserName = translateKey('errors.package.toSelf');
        if (values.transactionPassword.trim() === '') next.transactionPassword = translateKey('validation.enterTransactionPassword');
        form.setErrors(next);
        return Object.keys(next).length === 0 ? { holdingId: holding.id, toUserName: name, transactionPassword: values.transactionPassword } : null;
      },
      send: (body, requestId) => transferHolding(body, requestId),
      onDone: () => {
        showToast('success', t('packages.transfer.done'));
        onChanged();
        onClose();
      },
    },
    { onBusyChange },
  );
  return (
    <MoneyForm
      flow={flow}
      isInPlace
      password={{ label: t('packages.pay.transactionPassword'), ...form.bind('transactionPassword') }}
      submitLabel={t('packages.transfer.submit')}
      confirmation={{
        confirmLabel: t('packages.transfer.confirm'),
        cancelLabel: t('packages.pay.back'),
        testId: 'transfer-confirm',
        summary: (body) => (
          <>
            <p>{t('packages.transfer.confirmText', { number: holding.number, name: body.toUserName })}</p>
            <p className="card-note">{t('packages.transfer.irreversible')}</p>
          </>
        ),
      }}
    >
      <p className="card-note">{t('packages.transfer.intro')}</p>
      <TextField
        label={t('packages.transfer.toUserName')}
        value={values.toUserName}
        onValueChange={(v) => setValue('toUserName', v)}
        error={errors.toUserName}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
      />
    </MoneyForm>
  );
}

/** Claim: one confirmation; staff review it and the payout arrives in the fee coin. */
function ClaimDialog({ isOpen, holding, onClose, onChanged, coinLabel }: Pick<DialogBase, 'isOpen' | 'holding' | 'onClose' | 'onChanged' | 'coinLabel'>) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { isPending: isBusy, runWithKey } = useSubmit();
  const amount = holding?.claimable ?? '0';
  const send = () => {
    if (!holding) return;
    void runWithKey(
      { holdingId: holding.id },
      ({ holdingId }, requestId) => claimCreate(holdingId, requestId),
      () => {
        showToast('success', t('packages.claims.done'));
        onChanged();
        onClose();
      },
    );
  };
  return (
    <ConfirmDialog
      isOpen={isOpen && holding !== undefined}
      title={t('packages.claims.confirmTitle')}
      confirmLabel={t('packages.claims.confirm')}
      cancelLabel={t('packages.pay.back')}
      onConfirm={send}
      onCancel={onClose}
      isBusy={isBusy}
    >
      <p>
        {t('packages.claims.confirmText', {
          number: holding?.number ?? '',
          amount: `${formatExact(parsePoints(amount) ?? 0n, language)} ${coinLabel(holding?.terms.feeCoinName ?? '')}`,
        })}
      </p>
    </ConfirmDialog>
  );
}
