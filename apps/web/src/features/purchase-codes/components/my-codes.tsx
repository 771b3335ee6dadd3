import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { purchaseCodeStates, type ResponseOf, formatExact, formatCount } from '@pp/contract';
import { ApiError, CopyButton, Dialog, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { activatePurchaseCode } from '../api/activate-purchase-code';
import { givePurchaseCode } from '../api/give-purchase-code';
import { usePurchaseCodeRecordList, type PurchaseCodeState } from '../api/purchase-code-record-list';

type PurchaseCode = ResponseOf<'purchaseCodeRecordList'>['items'][number];
const stateTabs = ['all', ...purchaseCodeStates] as const;
type StateTab = (typeof stateTabs)[number];

interface MyCodesProps {
  coinLabel: (coinName: string) => string;
  selfUserName: string | undefined;
  /** A code was activated or given: the codes, holdings and records changed. */
  onChanged: () => void;
}

/** The member's rush codes by state; a code not yet activated is activated for oneself or given to another member. */
export function MyCodes({ coinLabel, selfUserName, onChanged }: MyCodesProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = useId();
  const [tab, setTab] = useState<StateTab>('all');
  const list = usePurchaseCodeRecordList(tab === 'all' ? undefined : (tab as PurchaseCodeState));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const [activating, setActivating] = useState<PurchaseCode | null>(null);
  const [giving, setGiving] = useState<PurchaseCode | null>(null);

  return (
    <div className="stack-tight">
      <fieldset className="segmented code-tabs">
        <legend className="visually-hidden">{t('purchaseCodes.stateFilter')}</legend>
        {stateTabs.map((x) => (
          <label key={x} className={tab === x ? 'segment segment-active' : 'segment'}>
            <input type="radio" name={name} value={x} checked={tab === x} onChange={() => setTab(x)} className="visually-hidden" />
            {t(`purchaseCodes.states.${x}`)}
          </label>
        ))}
      </fieldset>
      <PagedListBody list={list} isEmpty={items.length === 0} empty={t('purchaseCodes.empty')}>
        <ul className="card-list package-grid" aria-label={t('purchaseCodes.mine')}>
          {items.map((item) => (
            <li key={item.id} className="list-card" data-testid="purchase-code" data-code={item.code}>
              <div className="list-card-row list-card-row-wrap">
                <span className="list-card-title" data-user-content>
                  {item.productName}
                </span>
                <StatusBadge tone={item.state === 'activated' ? 'success' : 'pending'}>
                  {t(
                    item.state === 'notActivated'
                      ? 'purchaseCodes.states.notActivated'
                      : item.isGiven
                        ? 'purchaseCodes.given'
                        : 'purchaseCodes.states.activated',
                  )}
                </StatusBadge>
              </div>
              <span className="copy-row">
                <code className="mono activation-code" data-technical>
                  {item.code}
                </code>
                {item.state === 'notActivated' ? <CopyButton text={item.code} label={t('purchaseCodes.copy')} /> : null}
              </span>
              <dl className="list-card-fields">
                <div>
                  <dt>{t('scarce.price')}</dt>
                  <dd>{`${formatExact(item.price, language)} ${coinLabel(item.coinName)}`}</dd>
                </div>
                <div>
                  <dt>{t('scarce.units')}</dt>
                  <dd>{formatCount(item.units, language)}</dd>
                </div>
                <div>
                  <dt>{t('purchaseCodes.boughtAt')}</dt>
                  <dd>{formatDateTime(item.createdAt, language)}</dd>
                </div>
                {item.activationUserName ? (
                  <div>
                    <dt>{t(item.isGiven ? 'purchaseCodes.givenTo' : 'purchaseCodes.activatedFor')}</dt>
                    <dd data-user-content>{item.activationUserName}</dd>
                  </div>
                ) : null}
                {item.activatedAt !== null ? (
                  <div>
                    <dt>{t('purchaseCodes.activatedAt')}</dt>
                    <dd>{formatDateTime(item.activatedAt, language)}</dd>
                  </div>
                ) : null}
              </dl>
              <div className="list-card-actions">
                {item.state === 'notActivated' ? (
                  <>
                    <Button onClick={() => setActivating(item)}>{t('purchaseCodes.activate')}</Button>
                    <Button variant="secondary" onClick={() => setGiving(item)}>
                      {t('purchaseCodes.give')}
                    </Button>
                  </>
                ) : !item.isGiven ? (
                  <Link className="btn btn-secondary btn-small" to={`${paths.package}?tab=holdings`}>
                    {t('purchaseCodes.viewPackages')}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </PagedListBody>
      <ActivateDialog code={activating} onClose={() => setActivating(null)} onDone={onChanged} />
      <GiveDialog code={giving} selfUserName={selfUserName} onClose={() => setGiving(null)} onDone={onChanged} />
    </div>
  );
}

function ActivateDialog({ code, onClose, onDone }: { code: PurchaseCode | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { isPending: isBusy, runWithKey } = useSubmit();
  const confirm = () => {
    if (!code) return;
    void runWithKey({ code: code.code }, activatePurchaseCode, () => {
      showToast('success', t('purchaseCodes.activated'));
      onClose();
      onDone();
    });
  };
  return (
    <ConfirmDialog
      isOpen={code !== null}
      title={t('purchaseCodes.activateTitle')}
      confirmLabel={t('purchaseCodes.activateConfirm')}
      cancelLabel={t('scarce.back')}
      onConfirm={confirm}
      onCancel={onClose}
      isBusy={isBusy}
    >
      {code ? <p>{t('purchaseCodes.activateText', { name: code.productName, units: code.units })}</p> : null}
    </ConfirmDialog>
  );
}

function GiveDialog({
  code,
  selfUserName,
  onClose,
  onDone,
}: {
  code: PurchaseCode | null;
  selfUserName: string | undefined;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { isPending: isBusy, runWithKey } = useSubmit();
  const [toUserName, setToUserName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isConfirming, setIsConfirming] = useState(false);
  const close = () => {
    setToUserName('');
    setError(undefined);
    setIsConfirming(false);
    onClose();
  };
  const review = (event: FormEvent) => {
    event.preventDefault();
    const name = toUserName.trim();
    if (name === '') setError(translateKey('validation.enterUsername'));
    else if (selfUserName && name.toLowerCase() === selfUserName.toLowerCase()) setError(translateKey('errors.package.toSelf'));
    else setIsConfirming(true);
  };
  const send = () => {
    if (!code) return;
    const body = { code: code.code, toUserName: toUserName.trim() };
    void runWithKey(
      body,
      async (payload, requestId) => {
        try {
          await givePurchaseCode(payload, requestId);
        } catch (caught) {
          // Back to the name, where the reason shows; a retry keeps the request id.
          setIsConfirming(false);
          if (caught instanceof ApiError && caught.kind === 'business') setError(caught.message);
          throw caught;
        }
      },
      () => {
        showToast('success', t('purchaseCodes.givenDone', { name: body.toUserName }));
        close();
        onDone();
      },
    );
  };
  return (
    <Dialog isOpen={code !== null} onClose={close} title={t('purchaseCodes.giveTitle')} isLocked={isBusy}>
      {isConfirming ? (
        <div className="stack-tight" data-testid="give-confirm">
          <p>{t('purchaseCodes.giveConfirmText', { name: code?.productName ?? '', userName: toUserName.trim() })}</p>
          <p className="card-note">{t('purchaseCodes.irreversible')}</p>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={isBusy}>
              {t('scarce.back')}
            </Button>
            <Button onClick={send} isBusy={isBusy}>
              {t('purchaseCodes.giveConfirm')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={review} noValidate>
          <p className="card-note">{t('purchaseCodes.giveIntro')}</p>
          <TextField
            label={t('purchaseCodes.toUserName')}
            value={toUserName}
            onValueChange={(v) => {
              setToUserName(v);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
          />
          <div className="dialog-actions">
            <Button variant="secondary" onClick={close}>
              {t('scarce.back')}
            </Button>
            <Button type="submit">{t('purchaseCodes.giveNext')}</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
