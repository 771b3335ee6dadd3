import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { planLimits, rankingMeasures, type PlanDocument, type RankingMeasure } from '@pp/contract';
import type { TFunction } from 'i18next';
import { CheckboxField, SelectField, SwitchField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { ConfirmForm, DialogActions, PendingDialog, type Pending } from '../../../components/ui/confirm-form';
import { Icon } from '../../../components/ui/icon';
import { formatDateTime } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { createPlanVersion } from '../api/plan';
import {
  flagRuleFields,
  planChanges,
  planCoins,
  planFormOf,
  planSections,
  ruleFlags,
  sectionOf,
  toPlanDocument,
  type FlagRuleField,
  type PlanChange,
  type PlanErrors,
  type PlanForm,
  type PlanSection,
  type RuleFlag,
} from '../plan-form';

/** "2026-11-24T00:00" in the staff member's time zone, for a datetime-local field. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** The base the editor opens from: the version in force (its number names it in the change list). */
export interface PlanBase {
  version: number;
  document: PlanDocument;
}

/**
 * A new plan version (decision 027): a form with a field per value of the plan document, opened
 * from the version in force, in sections that collapse; checked field by field (and by the
 * contract's schema) with the error under each field; then the list of changes against the
 * version in force to confirm before it is saved. The server checks again and audits it.
 */
export function VersionDialog({ base, isOpen, onClose }: { base: PlanBase; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PendingDialog isOpen={isOpen} onClose={onClose} title={t('plan.versions.newTitle')} variant="drawer">
      {(pending) => <PlanEditor base={base} onClose={onClose} pending={pending} />}
    </PendingDialog>
  );
}

interface Review {
  document: PlanDocument;
  effectiveAt: number;
  note: string;
  changes: PlanChange[];
}

const fieldId = (path: string) => `plan-${path.replace(/\./g, '-')}`;

function PlanEditor({ base, onClose, pending: { isPending, setIsPending } }: { base: PlanBase; onClose: () => void; pending: Pending }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PlanForm>(() => planFormOf(base.document));
  const [effective, setEffective] = useState(() => localInput(Date.now() + 60 * 60_000));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<PlanErrors>({});
  const [effectiveError, setEffectiveError] = useState<string | null>(null);
  const { formError, setFormError, runWithKey } = useSubmit({ onBusyChange: setIsPending });
  const [open, setOpen] = useState<ReadonlySet<PlanSection>>(() => new Set(['effective']));
  const [isJson, setIsJson] = useState(false);
  const [review, setReview] = useState<Review | null>(null);

  const errorOf = (path: string) => {
    const error = errors[path];
    return error ? t(`plan.editor.errors.${error.key}`, error.params) : undefined;
  };
  const update = (change: (draft: PlanForm) => PlanForm, ...paths: string[]) => {
    setForm(change);
    setFormError(null);
    if (paths.length > 0)
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !paths.some((p) => key === p || key.startsWith(`${p}.`)))));
  };
  /** A text field bound to one form value. */
  const text = (path: string, label: string, value: string, onValue: (v: string) => void, options: { decimal?: boolean; hint?: ReactNode } = {}) => (
    <TextField
      key={path}
      id={fieldId(path)}
      label={label}
      hint={options.hint}
      value={value}
      onValueChange={onValue}
      inputMode={options.decimal === false ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      error={errorOf(path)}
    />
  );
  const scalar = (path: keyof PlanForm & string, label: string, options?: { decimal?: boolean; hint?: ReactNode }) =>
    text(path, label, form[path] as string, (v) => update((f) => ({ ...f, [path]: v }), path), options);

  function check(): Review | null {
    setEffectiveError(null);
    const effectiveAt = new Date(effective).getTime();
    let isEffectiveOk = true;
    if (effective.trim() === '' || !Number.isFinite(effectiveAt)) {
      setEffectiveError(t('plan.versions.enterEffective'));
      isEffectiveOk = false;
    } else if (effectiveAt < Date.now() - 60_000) {
      setEffectiveError(t('plan.editor.effectivePast'));
      isEffectiveOk = false;
    }
    const mapped = toPlanDocument(form);
    if (!mapped.ok || !isEffectiveOk) {
      const wrong = new Set<PlanSection>(mapped.ok ? [] : Object.keys(mapped.errors).map(sectionOf));
      if (!isEffectiveOk) wrong.add('effective');
      setErrors(mapped.ok ? {} : mapped.errors);
      setOpen((current) => new Set([...current, ...wrong]));
      setFormError(t('plan.editor.fixErrors'));
      return null;
    }
    setErrors({});
    // No change at all is allowed (it undoes a scheduled version from its time on); the review says so.
    const changes = planChanges(base.document, mapped.document);
    return { document: mapped.document, effectiveAt, note: note.trim(), changes };
  }

  function save(r: Review) {
    const request = { document: r.document, effectiveAt: r.effectiveAt, note: r.note };
    return runWithKey(request, createPlanVersion, (entry) => {
      showToast('success', t('plan.versions.created', { version: entry.version }));
      onClose();
    });
  }

  if (review) {
    return (
      <div className="dialog-form">
        <h3 className="section-title">{t('plan.editor.reviewTitle', { version: base.version })}</h3>
        <p className="dialog-text">{t('plan.editor.reviewEffective', { at: formatDateTime(review.effectiveAt) })}</p>
        {review.changes.length === 0 ? <p className="notice notice-warning">{t('plan.editor.noChanges')}</p> : null}
        <ul className="change-list" data-testid="plan-changes">
          {review.changes.map((c) => (
            <li key={c.id}>
              <span className="change-label">{t(`plan.editor.changes.${c.label}`, c.params)}</span>{' '}
              <span className="mono">{valueText(t, c.unit, c.before)}</span> → <span className="mono change-after">{valueText(t, c.unit, c.after)}</span>
            </li>
          ))}
        </ul>
        <DialogActions
          formError={formError}
          isPending={isPending}
          onCancel={() => setReview(null)}
          cancelLabel={t('plan.editor.backToForm')}
          actionLabel={t('plan.editor.confirmSave')}
          onAction={() => void save(review)}
        />
      </div>
    );
  }

  const section = (id: PlanSection, title: string, body: ReactNode) => (
    <details
      key={id}
      data-testid={`plan-section-${id}`}
      className="form-section plan-section"
      open={open.has(id)}
      onToggle={(e) => {
        const isNowOpen = e.currentTarget.open;
        setOpen((current) => {
          if (current.has(id) === isNowOpen) return current;
          const next = new Set(current);
          if (isNowOpen) next.add(id);
          else next.delete(id);
          return next;
        });
      }}
    >
      <summary className="section-title">
        {title}
        {Object.keys(errors).some((path) => sectionOf(path) === id) || (id === 'effective' && effectiveError) ? (
          <span className="badge badge-danger">{t('plan.editor.hasErrors')}</span>
        ) : null}
      </summary>
      <div className="form-section-body">{body}</div>
    </details>
  );

  const setGeneration = (i: number, field: 'generation' | 'percent' | 'minGrade', value: string) =>
    update((f) => ({ ...f, generations: f.generations.map((g, j) => (j === i ? { ...g, [field]: value } : g)) }), `generations.${i}.${field}`, 'generations');
  const setGrade = (i: number, field: 'minOwnHolding' | 'minPerformance' | 'minSmallZone' | 'directGrade' | 'directCount', value: string) =>
    update((f) => ({ ...f, grades: f.grades.map((g, j) => (j === i ? { ...g, [field]: value } : g)) }), `grades.${i}`);
  const setRate = (i: number, field: 'managerPercent' | 'sameLevelPercent' | 'performancePercent', value: string) =>
    update((f) => ({ ...f, gradeRates: f.gradeRates.map((g, j) => (j === i ? { ...g, [field]: value } : g)) }), `gradeRates.${i}.${field}`);
  const setFlag = (flag: RuleFlag, change: Partial<PlanForm['flagRules'][RuleFlag]>, path?: FlagRuleField) =>
    update(
      (f) => ({ ...f, flagRules: { ...f.flagRules, [flag]: { ...f.flagRules[flag], ...change } } }),
      path ? `flagRules.${flag}.${path}` : `flagRules.${flag}`,
    );

  const sections: Record<PlanSection, ReactNode> = {
    effective: (
      <>
        <p className="field-hint">{t('plan.editor.effectiveHint')}</p>
        <div className="form-grid">
          <TextField
            id="plan-effectiveAt"
            label={t('plan.versions.effectiveAt')}
            type="datetime-local"
            value={effective}
            onValueChange={(v) => {
              setEffective(v);
              setEffectiveError(null);
            }}
            error={effectiveError ?? undefined}
            required
          />
          <TextField id="plan-note" label={t('plan.versions.note')} value={note} onValueChange={setNote} maxLength={planLimits.noteCharsMax} />
        </div>
      </>
    ),
    grades: (
      <>
        <p className="field-hint">{t('plan.editor.hints.grades')}</p>
        {form.grades.map((g, i) => (
          <fieldset key={g.grade} className="plan-row" data-testid={`plan-grade-${g.grade}`}>
            <legend>{t('plan.editor.grade', { grade: g.grade })}</legend>
            <CheckboxField
              label={t('plan.editor.fields.gradeInUse')}
              checked={g.isSet}
              onCheckedChange={(v) => update((f) => ({ ...f, grades: f.grades.map((r, j) => (j === i ? { ...r, isSet: v } : r)) }), `grades.${i}`)}
            />
            {g.isSet ? (
              <div className="form-grid">
                {text(`grades.${i}.minOwnHolding`, t('plan.editor.fields.minOwnHolding'), g.minOwnHolding, (v) => setGrade(i, 'minOwnHolding', v))}
                {text(`grades.${i}.minPerformance`, t('plan.editor.fields.minPerformance'), g.minPerformance, (v) => setGrade(i, 'minPerformance', v))}
                {text(`grades.${i}.minSmallZone`, t('plan.editor.fields.minSmallZone'), g.minSmallZone, (v) => setGrade(i, 'minSmallZone', v))}
                {text(`grades.${i}.directGrade`, t('plan.editor.fields.directGrade'), g.directGrade, (v) => setGrade(i, 'directGrade', v), {
                  decimal: false,
                  hint: t('plan.editor.hints.emptyNone'),
                })}
                {text(`grades.${i}.directCount`, t('plan.editor.fields.directCount'), g.directCount, (v) => setGrade(i, 'directCount', v), {
                  decimal: false,
                  hint: t('plan.editor.hints.emptyNone'),
                })}
              </div>
            ) : null}
          </fieldset>
        ))}
      </>
    ),
    direct: (
      <div className="form-grid">
        <SelectField
          id="plan-coinName"
          label={t('plan.editor.fields.coinName')}
          value={form.coinName}
          onValueChange={(v) => update((f) => ({ ...f, coinName: v }), 'coinName')}
          options={planCoins.map((coin) => ({ value: coin, label: translateOr(`coins.${coin}`, coin) }))}
          error={errorOf('coinName')}
        />
        {scalar('directPercent', t('plan.editor.fields.directPercent'))}
        {scalar('buyMatchingPercent', t('plan.editor.fields.buyMatchingPercent'))}
      </div>
    ),
    sponsorship: (
      <div className="form-grid">
        {scalar('sponsorshipAmount', t('plan.editor.fields.sponsorshipAmount'))}
        {scalar('sponsorshipMinVolume', t('plan.editor.fields.sponsorshipMinVolume'))}
      </div>
    ),
    algebraic: (
      <>
        <p className="field-hint">{t('plan.editor.hints.generations')}</p>
        {form.generations.map((g, i) => (
          <div
            key={i}
            className="plan-generation-row"
            role="group"
            aria-label={t('plan.editor.generationRow', { generation: g.generation })}
            data-testid={`plan-generation-${i}`}
          >
            {text(`generations.${i}.generation`, t('plan.editor.fields.generation'), g.generation, (v) => setGeneration(i, 'generation', v), {
              decimal: false,
            })}
            {text(`generations.${i}.percent`, t('plan.editor.fields.ratePercent'), g.percent, (v) => setGeneration(i, 'percent', v))}
            {text(`generations.${i}.minGrade`, t('plan.editor.fields.minGrade'), g.minGrade, (v) => setGeneration(i, 'minGrade', v), { decimal: false })}
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => update((f) => ({ ...f, generations: f.generations.filter((_, j) => j !== i) }), 'generations')}
              aria-label={t('plan.editor.removeGeneration', { generation: g.generation })}
            >
              {t('plan.editor.remove')}
            </button>
          </div>
        ))}
        {errorOf('generations') ? (
          <p className="field-error" role="alert">
            {errorOf('generations')}
          </p>
        ) : null}
        {form.generations.length < planLimits.generationsMax ? (
          <div>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                const next = Math.min(planLimits.generationsMax, Math.max(1, ...form.generations.map((g) => Number(g.generation) || 0)) + 1);
                update((f) => ({ ...f, generations: [...f.generations, { generation: String(next), percent: '0', minGrade: '0' }] }), 'generations');
              }}
            >
              <Icon name="plus" size={16} />
              <span>{t('plan.editor.addGeneration')}</span>
            </button>
          </div>
        ) : null}
      </>
    ),
    gradeRates: (
      <>
        <p className="field-hint">{t('plan.editor.hints.gradeRates')}</p>
        <div className="form-grid">{scalar('managerDepth', t('plan.editor.fields.managerDepth'), { decimal: false })}</div>
        {form.gradeRates.map((g, i) => (
          <fieldset key={g.grade} className="plan-row" data-testid={`plan-rate-${g.grade}`}>
            <legend>{t('plan.editor.grade', { grade: g.grade })}</legend>
            <CheckboxField
              label={t('plan.editor.fields.rateInUse')}
              checked={g.isSet}
              onCheckedChange={(v) => update((f) => ({ ...f, gradeRates: f.gradeRates.map((r, j) => (j === i ? { ...r, isSet: v } : r)) }), `gradeRates.${i}`)}
            />
            {g.isSet ? (
              <div className="form-grid">
                {text(`gradeRates.${i}.managerPercent`, t('plan.editor.fields.managerPercent'), g.managerPercent, (v) => setRate(i, 'managerPercent', v))}
                {text(`gradeRates.${i}.sameLevelPercent`, t('plan.editor.fields.sameLevelPercent'), g.sameLevelPercent, (v) =>
                  setRate(i, 'sameLevelPercent', v),
                )}
                {text(`gradeRates.${i}.performancePercent`, t('plan.editor.fields.performancePercent'), g.performancePercent, (v) =>
                  setRate(i, 'performancePercent', v),
                )}
              </div>
            ) : null}
          </fieldset>
        ))}
      </>
    ),
    ranking: (
      <>
        <div className="form-grid">
          <SelectField
            id="plan-rankingMeasure"
            label={t('plan.editor.fields.rankingMeasure')}
            value={form.rankingMeasure}
            onValueChange={(v) => update((f) => ({ ...f, rankingMeasure: v }), 'rankingMeasure')}
            options={rankingMeasures.map((m) => ({ value: m, label: t(`plan.editor.measures.${m}`) }))}
            error={errorOf('rankingMeasure')}
          />
          {scalar('rankingPoolPercent', t('plan.editor.fields.rankingPoolPercent'))}
        </div>
        <p className="field-hint">{t('plan.editor.hints.shares')}</p>
        <div className="form-grid">
          {form.rankingShares.map((share, i) => (
            <div key={i} className="plan-share">
              {text(`rankingShares.${i}`, t('plan.editor.fields.rankingShare', { place: i + 1 }), share, (v) =>
                update((f) => ({ ...f, rankingShares: f.rankingShares.map((s, j) => (j === i ? v : s)) }), `rankingShares.${i}`, 'rankingShares'),
              )}
            </div>
          ))}
        </div>
        {errorOf('rankingShares') ? (
          <p className="field-error" role="alert">
            {errorOf('rankingShares')}
          </p>
        ) : null}
        <div className="action-buttons">
          {form.rankingShares.length < planLimits.rankingPlacesMax ? (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => update((f) => ({ ...f, rankingShares: [...f.rankingShares, '0'] }), 'rankingShares')}
            >
              <Icon name="plus" size={16} />
              <span>{t('plan.editor.addPlace')}</span>
            </button>
          ) : null}
          {form.rankingShares.length > 0 ? (
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => update((f) => ({ ...f, rankingShares: f.rankingShares.slice(0, -1) }), 'rankingShares')}
            >
              {t('plan.editor.removePlace', { place: form.rankingShares.length })}
            </button>
          ) : null}
        </div>
      </>
    ),
    other: <div className="form-grid">{scalar('activatePercent', t('plan.editor.fields.activatePercent'))}</div>,
    fees: (
      <div className="form-grid">
        {scalar('bonusFeePercent', t('plan.editor.fields.bonusFeePercent'))}
        {scalar('bonusFeeBonusPercent', t('plan.editor.fields.bonusFeeBonusPercent'))}
      </div>
    ),
    caps: (
      <>
        <SwitchField
          id="plan-capsCountAgainstHoldings"
          label={t('plan.editor.fields.capsCountAgainstHoldings')}
          checked={form.capsCountAgainstHoldings}
          onCheckedChange={(v) => update((f) => ({ ...f, capsCountAgainstHoldings: v }))}
          stateText={form.capsCountAgainstHoldings ? t('common.yes') : t('common.no')}
        />
        <div className="form-grid">{scalar('capsMemberPeriodMax', t('plan.editor.fields.capsMemberPeriodMax'))}</div>
      </>
    ),
    flagRules: (
      <>
        <p className="field-hint">{t('plan.editor.hints.flagRules')}</p>
        {ruleFlags.map((flag) => {
          const rule = form.flagRules[flag];
          return (
            <fieldset key={flag} className="plan-row" data-testid={`plan-flag-${flag}`}>
              <legend>{t(`plan.editor.flags.${flag}`)}</legend>
              <CheckboxField
                label={t('plan.editor.fields.ruleInUse')}
                checked={rule.isSet}
                onCheckedChange={(v) => setFlag(flag, { isSet: v })}
                error={errorOf(`flagRules.${flag}`)}
              />
              {rule.isSet ? (
                <div className="form-grid">
                  {flagRuleFields.map((field) =>
                    text(`flagRules.${flag}.${field}`, t(`plan.editor.fields.flag.${field}`), rule[field], (v) => setFlag(flag, { [field]: v }, field), {
                      decimal: field === 'minOwnHolding' || field === 'minPerformance',
                      hint: t('plan.editor.hints.emptyNone'),
                    }),
                  )}
                </div>
              ) : null}
            </fieldset>
          );
        })}
      </>
    ),
  };
  const titles: Record<PlanSection, string> = {
    effective: t('plan.editor.sections.effective'),
    grades: t('plan.editor.sections.grades'),
    direct: `${t('plan.bonusTypes.directBonus')} · ${t('plan.bonusTypes.buyMatching')}`,
    sponsorship: t('plan.bonusTypes.sponsorshipBonus'),
    algebraic: t('plan.bonusTypes.algebraicBonus'),
    gradeRates: `${t('plan.bonusTypes.managerBonus')} · ${t('plan.bonusTypes.sameLevelReward')} · ${t('plan.bonusTypes.performanceBonus')}`,
    ranking: t('plan.bonusTypes.rankingBonus'),
    other: t('plan.bonusTypes.activateBonus'),
    fees: `${t('plan.editor.sections.bonusFee')} · ${t('plan.bonusTypes.bonusFeeBonus')}`,
    caps: t('plan.editor.sections.caps'),
    flagRules: t('plan.editor.sections.flagRules'),
  };
  const preview = isJson ? toPlanDocument(form) : null;

  return (
    <ConfirmForm
      className="plan-editor"
      onSubmit={() => {
        const checked = check();
        if (checked) setReview(checked);
      }}
      onClose={onClose}
      formError={formError}
      confirmLabel={t('plan.editor.review')}
      isPending={isPending}
    >
      <p className="muted">{t('plan.editor.intro', { version: base.version })}</p>
      <div className="action-buttons">
        <button type="button" className="btn btn-small" onClick={() => setOpen(open.size === planSections.length ? new Set() : new Set(planSections))}>
          {open.size === planSections.length ? t('plan.editor.collapseAll') : t('plan.editor.expandAll')}
        </button>
        <button type="button" className="btn btn-small btn-ghost" aria-pressed={isJson} onClick={() => setIsJson(!isJson)}>
          {isJson ? t('plan.editor.formView') : t('plan.editor.jsonView')}
        </button>
      </div>
      {isJson ? (
        <div className="plan-json">
          <p className="field-hint">{preview?.ok ? t('plan.editor.jsonHint') : t('plan.editor.jsonInvalid')}</p>
          <pre className="mono" tabIndex={0} role="region" aria-label={t('plan.editor.jsonView')}>
            {JSON.stringify(preview?.ok ? preview.document : base.document, null, 2)}
          </pre>
        </div>
      ) : (
        <fieldset className="plan-sections" disabled={isPending}>
          {planSections.map((id) => section(id, titles[id], sections[id]))}
        </fieldset>
      )}
    </ConfirmForm>
  );
}

/** A value in the change list: "5 %", "100 points", "grade 2", yes/no, a translated code, or "none". */
function valueText(t: TFunction, unit: PlanChange['unit'], value: string | null): string {
  if (value === null) return t('plan.editor.values.none');
  if (unit === 'percent') return t('plan.editor.values.percent', { value });
  if (unit === 'points') return t('plan.editor.values.points', { value });
  if (unit === 'grade') return t('plan.editor.grade', { grade: value });
  if (unit === 'bool') return value === 'true' ? t('common.yes') : t('common.no');
  if (unit === 'coin') return translateOr(`coins.${value}`, value);
  if (unit === 'measure') return t(`plan.editor.measures.${value as RankingMeasure}`);
  return value;
}
