/**
 * Reads settings (stored value or the registry default) and changes them with an audit row. A
 * setting that governs a control (`control` in the registry) is changed in two steps (decision
 * 061): a staff change becomes a pending change on the settingChange review queue, and the review
 * queues' one approval rule decides it; the approval of another staff member applies it, checked
 * again against its schema and the cross-field rules as they stand then.
 */
import { roleCan, type StaffRole } from '@pp/contract';
import { AppError } from '../../../errors.ts';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { onceIfKeyed, type OnceKey } from '../../../db/once.ts';
import type { AuditService, Actor } from '../../platform/audit/index.ts';
import { configRegistry, crossFieldRules, isConfigKey, isControl, type ConfigKey, type ConfigValue } from './registry.ts';

export const settingChangeQueue = 'settingChange';

/** What a pending change keeps on its review item (the fields of review_items it reads). */
interface QueuedChange {
  subject_id: string;
  summary_json: string;
}

/**
 * The review queues as this module uses them: put a change on the queue. Declared here by shape,
 * as are its decisions below, so the settings module does not import the queues (which read
 * settings themselves).
 */
export interface ChangeQueue {
  submit(
    tx: Tx,
    input: {
      queue: string;
      memberId: string;
      coinName: string;
      amount: bigint;
      subjectId: string;
      createdByStaffId: string | null;
      summary: Record<string, string | number | boolean | null>;
      evidence: Array<{ label: string; value: string; isImage: boolean }>;
      approvalsRequired?: 1 | 2;
    },
  ): Promise<string>;
}

/** The settingChange queue's decisions, in the shape of the review queues' handler. */
export interface ChangeDecisions {
  approve(tx: Tx, item: QueuedChange, actor: Actor & { role: StaffRole }): Promise<void>;
  reject(tx: Tx, item: QueuedChange, actor: Actor & { role: StaffRole }): Promise<void>;
  permission: 'config.writeMoney';
}

const waiting = ['pending', 'awaitingSecond'];

export class ConfigService {
  private queue: ChangeQueue | null = null;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /**
   * The settingChange queue's decisions; the composition hands them to the review service with
   * every other queue's. One approval by another staff member applies a change: the maker and one
   * checker are the four eyes; a second checker would add a person to every fee change without
   * guarding anything a first one does not.
   */
  readonly reviewHandler: ChangeDecisions = {
    // Every control setting but the address cooling-off is a money setting; the approve step checks that one's own permission.
    permission: 'config.writeMoney',
    approve: (tx, item, actor) => this.apply(tx, item, actor),
    reject: async (_tx, item, actor) => {
      if (isConfigKey(item.subject_id)) this.mayChange(item.subject_id, actor.role);
    },
  };

  /** Wires the review queues in (the composition root, once both exist): a control setting's change waits on them. */
  useReviewQueue(queue: ChangeQueue): void {
    this.queue = queue;
  }

  async get<K extends ConfigKey>(key: K, db: Db | Tx = this.db): Promise<ConfigValue<K>> {
    const row = await db.selectFrom('config_values').select('value_json').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.value_json) as ConfigValue<K>) : configRegistry[key].defaultValue;
  }

  async list() {
    const rows = await this.db.selectFrom('config_values').selectAll().execute();
    const stored = new Map(rows.map((r) => [r.key, r]));
    const pending = await this.pendingChanges();
    return Object.entries(configRegistry).map(([key, s]) => {
      const row = stored.get(key);
      return {
        key,
        group: s.group,
        kind: s.kind,
        isMoney: s.isMoney,
        control: isControl(key as ConfigKey),
        value: row ? (JSON.parse(row.value_json) as unknown) : s.defaultValue,
        defaultValue: s.defaultValue,
        updatedAt: row ? num(row.updated_at) : null,
        updatedBy: row?.updated_by ?? null,
        pendingChange: pending.get(key) ?? null,
      };
    });
  }

  /** The changes waiting for a second approval, by setting (a handful of rows on the queue's index). */
  private async pendingChanges(db: Db | Tx = this.db) {
    const rows = await db
      .selectFrom('review_items')
      .select(['id', 'subject_id', 'summary_json', 'created_at'])
      .where('queue', '=', settingChangeQueue)
      .where('status', 'in', waiting)
      .execute();
    return new Map(
      rows.map((r) => {
        const summary = JSON.parse(r.summary_json) as { after: string; requestedBy: string };
        return [
          r.subject_id,
          { reviewId: r.id, value: JSON.parse(summary.after) as unknown, requestedBy: summary.requestedBy, requestedAt: num(r.created_at) },
        ];
      }),
    );
  }

  /**
   * Validates and then writes and audits in one transaction, or, for a control setting, puts the
   * change on the settingChange queue. A role without config.write changes money settings only.
   */
  async update(key: string, value: unknown, reason: string, actor: Actor & { role: StaffRole }, requestKey: OnceKey | null = null) {
    if (!isConfigKey(key)) throw new AppError('request.invalid', undefined, 'key', 'errors.request.invalid');
    this.mayChange(key, actor.role);
    // Keyed once (db/once.ts): a retry whose answer was lost is not refused as config.changePending.
    await inTransaction(this.db, (tx) => onceIfKeyed(tx, requestKey, () => this.change(tx, key, value, reason, actor)));
    const updated = (await this.list()).find((e) => e.key === key);
    return updated!;
  }

  /** Writes the setting, or puts a control setting's change on the settingChange queue, in `tx`. */
  private async change(tx: Tx, key: ConfigKey, value: unknown, reason: string, actor: Actor & { role: StaffRole }): Promise<void> {
    const parsed = await this.checked(tx, key, value);
    if (!isControl(key)) return this.write(tx, key, parsed, actor, reason);
    if (!this.queue) throw new Error('the settings need the review queues for a control setting');
    const open = await tx
      .selectFrom('review_items')
      .select('id')
      .where('queue', '=', settingChangeQueue)
      .where('status', 'in', waiting)
      .where('subject_id', '=', key)
      .executeTakeFirst();
    if (open) throw new AppError('config.changePending');
    const before = await this.get(key, tx);
    const reviewId = await this.queue.submit(tx, {
      queue: settingChangeQueue,
      // A setting change concerns no member and moves no points.
      memberId: '',
      coinName: '',
      amount: 0n,
      subjectId: key,
      createdByStaffId: actor.id,
      summary: { key, before: JSON.stringify(before), after: JSON.stringify(parsed), requestedBy: actor.name, reason },
      evidence: [{ label: 'reason', value: reason, isImage: false }],
      approvalsRequired: 1,
    });
    await this.audit.record(tx, actor, {
      action: 'config.changeRequest',
      targetType: 'config',
      targetId: key,
      before,
      after: { value: parsed, reviewId },
      reason,
    });
  }

  /** Finance changes money settings; only a role with config.write changes the others. */
  private mayChange(key: ConfigKey, role: StaffRole): void {
    if (!roleCan(role, 'config.write') && !(configRegistry[key].isMoney && roleCan(role, 'config.writeMoney'))) throw new AppError('auth.forbidden');
  }

  /** The value parsed by its schema and checked by the cross-field rules against the other settings as they are in `tx`. */
  private async checked<K extends ConfigKey>(tx: Tx, key: K, value: unknown): Promise<ConfigValue<K>> {
    const parsed = configRegistry[key].schema.safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      throw new AppError('request.invalid', undefined, 'value', message.startsWith('validation.') ? message : 'validation.enterValidValue');
    }
    for (const rule of crossFieldRules) {
      if (!rule.keys.includes(key)) continue;
      const values = new Map<ConfigKey, unknown>();
      for (const other of rule.keys) values.set(other, other === key ? parsed.data : await this.get(other, tx));
      const broken = rule.check((k) => values.get(k));
      if (broken) throw new AppError('request.invalid', undefined, 'value', broken);
    }
    return parsed.data as ConfigValue<K>;
  }

  /** Applies an approved pending change in the approver's name, checked again as things stand now. */
  private async apply(tx: Tx, item: QueuedChange, actor: Actor & { role: StaffRole }): Promise<void> {
    const key = item.subject_id;
    if (!isConfigKey(key)) throw new AppError('request.invalid', undefined, 'key', 'errors.request.invalid');
    this.mayChange(key, actor.role);
    const summary = JSON.parse(item.summary_json) as { after: string; requestedBy: string; reason: string };
    const value = await this.checked(tx, key, JSON.parse(summary.after));
    await this.write(tx, key, value, actor, `${summary.reason} (asked by ${summary.requestedBy})`);
  }

  /**
   * Writes an already valid value and its `config.update` audit row inside the caller's
   * transaction (a feature that saves a setting together with its own rows, e.g. the shares' open
   * state with the share configuration). Never a control setting: those change only through the
   * settingChange queue.
   */
  async writeIn<K extends ConfigKey>(tx: Tx, key: K, value: ConfigValue<K>, actor: Actor, reason: string): Promise<void> {
    if (isControl(key)) throw new Error(`${key} governs a control: it changes only through a second approval`);
    await this.write(tx, key, value, actor, reason);
  }

  private async write<K extends ConfigKey>(tx: Tx, key: K, value: ConfigValue<K>, actor: Actor, reason: string): Promise<void> {
    const before = await this.get(key, tx);
    const json = JSON.stringify(value);
    const now = Date.now();
    await tx
      .insertInto('config_values')
      .values({ key, value_json: json, updated_at: now, updated_by: actor.name })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: json, updated_at: now, updated_by: actor.name }))
      .execute();
    await this.audit.record(tx, actor, { action: 'config.update', targetType: 'config', targetId: key, before, after: value, reason });
  }

  async history(key: string) {
    const rows = await this.audit.forTarget('config.update', key);
    return rows.map((r) => ({ at: r.at, actorName: r.actorName, before: r.before, after: r.after, reason: r.reason }));
  }
}
