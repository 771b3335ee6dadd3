import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activationStates, type ProductEntry, formatExact, formatCount } from '@pp/contract';
import { CopyButton, Dialog, SelectField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { Button } from '../../../components/ui/button';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { activationCodeActivate } from '../api/activation-code-activate';
import { activationCodeBuy } from '../api/activation-code-buy';
import { activationCodeListKey, useActivationCodeList, type ActivationState } from '../api/activation-code-list';
import { useMatchingList } from '../api/matching-list';
import { timesUnits } from '../payment-mix';
import { PayDialog } from './pay-dialog';

interface ActivationCodesProps {
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  selfUserName: string | undefined;
  onChanged: () => void;
}

/** Activation codes: buy a package for someone as a code, the codes bought, and activating one. */
export function ActivationCodes({ availableOf, coinLabel, selfUserName, onChanged }: ActivationCodesProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const products = useMatchingList();
  const [isBuying, setIsBuying] = useState(false);
  const [productId, setProductId] = useState('');
  const [bought, setBought] = useState<{ code: string; productName: string; units: number } | null>(null);
  const onSale = (products.data?.items ?? []).filter((p) => p.isOnSale);
  const product: ProductEntry | undefined = onSale.find((p) => p.id === productId) ?? onSale[0];
  const refreshCodes = () => void queryClient.invalidateQueries({ queryKey: activationCodeListKey });

  return (
    <div className="stack">
      <div className="stack-tight">
        <p className="card-note">{t('packages.codes.buyIntro')}</p>
        <div>
          <Button onClick={() => setIsBuying(true)} disabled={onSale.length === 0}>
            {t('packages.codes.buy')}
          </Button>
        </div>
      </div>
      <PayDialog
        isOpen={isBuying}
        onClose={() => setIsBuying(false)}
        title={t('packages.codes.buyTitle')}
        intro={
          <SelectField
            label={t('packages.codes.product')}
            value={product?.id ?? ''}
            onValueChange={setProductId}
            options={onSale.map((p) => ({
              value: p.id,
              label: t('packages.upgrade.targetOption', { name: p.name, price: formatExact(p.terms.price, currentLanguage()) }),
            }))}
          />
        }
        payWith={product?.payWith ?? []}
        feeCoinName={product?.terms.feeCoinName ?? ''}
        hasQuantity
        blocked={product ? undefined : t('packages.products.empty')}
        cost={(quantity) => ({
          principal: timesUnits(product?.terms.price ?? '0', quantity),
          premium: timesUnits(product?.terms.premium ?? '0', quantity),
          fee: timesUnits(product?.terms.fee ?? '0', quantity),
        })}
        availableOf={availableOf}
        coinLabel={coinLabel}
        submitLabel={t('packages.codes.buySubmit')}
        successText={t('packages.codes.bought')}
        send={async (body, requestId) => {
          const entry = await activationCodeBuy({ productId: product?.id ?? '', ...body }, requestId);
          setBought({ code: entry.code, productName: entry.productName, units: entry.units });
          refreshCodes();
          onChanged();
        }}
      />
      <Dialog isOpen={bought !== null} onClose={() => setBought(null)} title={t('packages.codes.boughtTitle')}>
        {bought ? (
          <div className="stack-tight">
            <p>{t('packages.codes.boughtText', { units: bought.units })}</p>
            <p className="list-card-title" data-user-content>
              {bought.productName}
            </p>
            <span className="copy-row">
              <code className="mono activation-code" data-technical data-testid="bought-code">
                {bought.code}
              </code>
              <CopyButton text={bought.code} label={t('packages.codes.copy')} />
            </span>
            <p className="card-note">{t('packages.codes.keepSafe')}</p>
            <div className="dialog-actions">
              <Button onClick={() => setBought(null)}>{t('common.close')}</Button>
            </div>
          </div>
        ) : null}
      </Dialog>
      <section className="stack-tight" aria-labelledby="codes-activate">
        <h3 className="section-title" id="codes-activate">
          {t('packages.codes.activateTitle')}
        </h3>
        <ActivateForm
          selfUserName={selfUserName}
          onActivated={() => {
            refreshCodes();
            onChanged();
          }}
        />
      </section>
      <section className="stack-tight" aria-labelledby="codes-mine">
        <h3 className="section-title" id="codes-mine">
          {t('packages.codes.mine')}
        </h3>
        <CodeList />
      </section>
    </div>
  );
}

function ActivateForm({ selfUserName, onActivated }: { selfUserName: string | undefined; onActivated: () => void }) {
  const { t } = useTranslation();
  const { isPending: isBusy, runWithKey } = useSubmit();
  // Oneself until the member types another name.
  const [userName, setUserName] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ userName?: string; code?: string }>({});
  const shownName = userName ?? selfUserName ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const next: typeof errors = {};
    if (shownName.trim() === '') next.userName = translateKey('validation.enterUsername');
    if (code.trim() === '') next.code = translateKey('validation.enterActivationCode');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body = { userName: shownName.trim(), code: code.trim().toUpperCase() };
    void runWithKey(body, activationCodeActivate, () => {
      setCode('');
      showToast('success', t('packages.codes.activated'));
      onActivated();
    });
  };
  return (
    <form className="form package-activate" onSubmit={submit} noValidate aria-busy={isBusy || undefined}>
      <TextField
        label={t('packages.codes.userName')}
        value={shownName}
        onValueChange={(v) => {
          setUserName(v);
          setErrors((e) => ({ ...e, userName: undefined }));
        }}
        error={errors.userName}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        hint={t('packages.codes.userNameHint')}
      />
      <TextField
        label={t('packages.codes.code')}
        value={code}
        onValueChange={(v) => {
          setCode(v);
          setErrors((e) => ({ ...e, code: undefined }));
        }}
        error={errors.code}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
      />
      <Button type="submit" isBusy={isBusy}>
        {t('packages.codes.activate')}
      </Button>
    </form>
  );
}

function CodeList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [state, setState] = useState<ActivationState | ''>('');
  const list = useActivationCodeList(state === '' ? undefined : state);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="stack-tight">
      <div className="withdraw-filter">
        <SelectField
          label={t('packages.codes.stateFilter')}
          value={state}
          onValueChange={(v) => setState(v as ActivationState | '')}
          options={[
            { value: '', label: t('packages.codes.allStates') },
            ...activationStates.map((s) => ({ value: s, label: t(`packages.codes.states.${s}`) })),
          ]}
        />
      </div>
      <PagedListBody list={list} isEmpty={items.length === 0} empty={t('packages.codes.empty')}>
        <ul className="card-list package-grid" aria-label={t('packages.codes.mine')}>
          {items.map((item) => (
            <li key={item.id} className="list-card" data-testid="activation-code">
              <div className="list-card-row list-card-row-wrap">
                <span className="list-card-title" data-user-content>
                  {item.productName}
                </span>
                <StatusBadge tone={item.state === 'activated' ? 'success' : 'pending'}>{t(`packages.codes.states.${item.state}`)}</StatusBadge>
              </div>
              <span className="copy-row">
                <code className="mono activation-code" data-technical>
                  {item.code}
                </code>
                {item.state === 'notActivated' ? <CopyButton text={item.code} label={t('packages.codes.copy')} /> : null}
              </span>
              <dl className="list-card-fields">
                <div>
                  <dt>{t('packages.holdings.units')}</dt>
                  <dd>{formatCount(item.units, language)}</dd>
                </div>
                <div>
                  <dt>{t('packages.holdings.principal')}</dt>
                  <dd>{formatExact(item.principal, language)}</dd>
                </div>
                <div>
                  <dt>{t('packages.codes.createdAt')}</dt>
                  <dd>{formatDateTime(item.createdAt, language)}</dd>
                </div>
                {item.activationUserName ? (
                  <div>
                    <dt>{t('packages.codes.activationUserName')}</dt>
                    <dd data-user-content>{item.activationUserName}</dd>
                  </div>
                ) : null}
                {item.activatedAt !== null ? (
                  <div>
                    <dt>{t('packages.codes.activatedAt')}</dt>
                    <dd>{formatDateTime(item.activatedAt, language)}</dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      </PagedListBody>
    </div>
  );
}
