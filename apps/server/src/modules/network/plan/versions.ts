/**
 * The plan's versions (decision 022). Every version is a whole plan document with the moment it
 * takes effect; the version in force at a moment is the one with the latest effective time not
 * after it (the higher version number wins a tie). Staff add versions, never edit or delete one,
 * and a new version never takes effect in the past, so a bonus that could already have been paid
 * is never worked out again under other rules.
 */
import crypto from 'node:crypto';
import { planDocument, planLimits, type PlanDocument, type PlanVersionEntry, parseAmount } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { onceIfKeyed, type OnceKey } from '../../../db/once.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';

export interface PlanVersion {
  id: string;
  version: number;
  effectiveAt: number;
  document: PlanDocument;
}

type VersionRow = { id: string; version: number | bigint; effective_at: number | bigint; document: string };

function toVersion(row: VersionRow): PlanVersion {
  return { id: row.id, version: num(row.version), effectiveAt: num(row.effective_at), document: planDocument.parse(JSON.parse(row.document)) };
}

/** The version in force at `at` (ms): the one a payout for an event at that moment uses. */
export async function planInForce(db: Db | Tx, at: number): Promise<PlanVersion> {
  const row = await db
    .selectFrom('plan_versions')
    .select(['id', 'version', 'effective_at', 'document'])
    .where('effective_at', '<=', BigInt(at))
    .orderBy('effective_at', 'desc')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  // Migration 017 writes version 1 in force from 0, so there is always one.
  if (!row) throw new Error('no plan version in force');
  return toVersion(row);
}

/** Every version's effective window, oldest first, for working out many events at once. */
export class PlanTimeline {
  private constructor(private readonly versions: PlanVersion[]) {}

  static async load(db: Db | Tx): Promise<PlanTimeline> {
    const rows = await db
      .selectFrom('plan_versions')
      .select(['id', 'version', 'effective_at', 'document'])
      .orderBy('effective_at')
      .orderBy('version')
      .execute();
    return new PlanTimeline(rows.map(toVersion));
  }

  /** The same answer as planInForce(db, at). */
  at(at: number): PlanVersion {
    let found: PlanVersion | null = null;
    for (const v of this.versions) {
      if (v.effectiveAt > at) break;
      if (!found || v.effectiveAt > found.effectiveAt || v.version > found.version) found = v;
    }
    if (!found) throw new Error('no plan version in force');
    return found;
  }
}

/**
 * The first inconsistency of a plan, named as the editor's own error keys name it
 * (plan.editor.errors.*); null when it is sound. The editor checks the same rules field by field
 * in the staff's language, so only a client that skipped them gets `plan.invalid`, whose message
 * names no rule: a staff member never reads this English name.
 */
export function planProblem(plan: PlanDocument): { problem: string; grade?: number } | null {
  const gens = plan.algebraicBonus.generations.map((g) => g.generation);
  if (new Set(gens).size !== gens.length) return { problem: 'generationTwice' };
  const grades = plan.grades.map((g) => g.grade);
  if (new Set(grades).size !== grades.length) return { problem: 'gradeTwice' };
  const rateGrades = plan.gradeRates.map((g) => g.grade);
  if (new Set(rateGrades).size !== rateGrades.length) return { problem: 'gradeRateTwice' };
  const shares = plan.rankingBonus.shares.reduce((sum, s) => sum + (parseAmount(s) ?? 0n), 0n);
  if (shares > 100_000_000n) return { problem: 'sharesOver100' };
  // A higher grade asks at least what a lower one asks, so an upgrade never skips backwards.
  const sorted = [...plan.grades].sort((a, b) => a.grade - b.grade);
  for (let i = 1; i < sorted.length; i++) {
    for (const field of ['minOwnHolding', 'minPerformance', 'minSmallZone'] as const) {
      if ((parseAmount(sorted[i]![field]) ?? 0n) < (parseAmount(sorted[i - 1]![field]) ?? 0n)) return { problem: 'gradeAsksLess', grade: sorted[i]!.grade };
    }
  }
  return null;
}

export class PlanVersionService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async list(now = Date.now()): Promise<PlanVersionEntry[]> {
    const rows = await this.db.selectFrom('plan_versions').selectAll().orderBy('version', 'desc').limit(planLimits.versionListMax).execute();
    const inForce = await planInForce(this.db, now);
    return rows.map((r) => ({
      id: r.id,
      version: num(r.version),
      effectiveAt: num(r.effective_at),
      note: r.note,
      createdBy: r.created_by,
      createdAt: num(r.created_at),
      isInForce: r.id === inForce.id,
      document: planDocument.parse(JSON.parse(r.document)),
    }));
  }

  /** A new version from `effectiveAt` (not before now), audited with the version it follows. */
  /** `key`: the request's idempotency key (db/once.ts): a retried save makes one version and answers it. */
  async create(
    actor: Actor,
    input: { document: PlanDocument; effectiveAt: number; note: string },
    now = Date.now(),
    key: OnceKey | null = null,
  ): Promise<PlanVersionEntry> {
    const problem = planProblem(input.document);
    if (problem) throw new AppError('plan.invalid', problem);
    // A minute of slack for the clock of the staff's browser.
    if (input.effectiveAt < now - 60_000) throw new AppError('plan.effectivePast', undefined, 'effectiveAt');
    const effectiveAt = Math.max(input.effectiveAt, now);
    const id = crypto.randomUUID();
    return inTransaction(this.db, (tx) =>
      onceIfKeyed(tx, key, async (): Promise<PlanVersionEntry> => {
        const last = await tx
          .selectFrom('plan_versions')
          .select((eb) => eb.fn.max('version').as('v'))
          .executeTakeFirst();
        const next = num(last?.v ?? 0) + 1;
        const before = await planInForce(tx, effectiveAt);
        // The unique version number makes two staff saving at once one winner and one stale version.
        try {
          await tx
            .insertInto('plan_versions')
            .values({
              id,
              version: next,
              effective_at: BigInt(effectiveAt),
              document: JSON.stringify(input.document),
              note: input.note,
              created_by: actor.name,
              created_at: BigInt(now),
            })
            .execute();
        } catch (error) {
          if (/unique|duplicate/i.test(String((error as Error).message))) throw new AppError('config.staleVersion');
          throw error;
        }
        await this.audit.record(tx, actor, {
          action: 'plan.versionCreate',
          targetType: 'planVersion',
          targetId: String(next),
          before: { version: before.version, effectiveAt: before.effectiveAt, document: before.document },
          after: { version: next, effectiveAt, document: input.document },
          reason: input.note,
        });
        return {
          id,
          version: next,
          effectiveAt,
          note: input.note,
          createdBy: actor.name,
          createdAt: now,
          isInForce: effectiveAt <= now,
          document: input.document,
        };
      }),
    );
  }
}
