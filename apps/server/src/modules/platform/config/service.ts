/** Reads settings (stored value or the registry default) and changes them with an audit row. */
import { AppError } from '../../../errors.ts';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { AuditService, Actor } from '../../back-office/audit/index.ts';
import { configRegistry, isConfigKey, type ConfigKey, type ConfigValue } from './registry.ts';

export class ConfigService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async get<K extends ConfigKey>(key: K, db: Db | Tx = this.db): Promise<ConfigValue<K>> {
    const row = await db.selectFrom('config_values').select('value_json').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.value_json) as ConfigValue<K>) : configRegistry[key].defaultValue;
  }

  async list() {
    const rows = await this.db.selectFrom('config_values').selectAll().execute();
    const stored = new Map(rows.map((r) => [r.key, r]));
    return Object.entries(configRegistry).map(([key, s]) => {
      const row = stored.get(key);
      return {
        key,
        group: s.group,
        kind: s.kind,
        isMoney: s.isMoney,
        value: row ? (JSON.parse(row.value_json) as unknown) : s.defaultValue,
        defaultValue: s.defaultValue,
        updatedAt: row ? num(row.updated_at) : null,
        updatedBy: row?.updated_by ?? null,
      };
    });
  }

  /** Validates, writes and audits in one transaction; `canWriteAll` false limits to money settings. */
  async update(key: string, value: unknown, reason: string, actor: Actor, canWriteAll: boolean) {
    if (!isConfigKey(key)) throw new AppError('request.invalid', undefined, 'key', 'errors.request.invalid');
    const entry = configRegistry[key];
    if (!canWriteAll && !entry.isMoney) throw new AppError('auth.forbidden');
    const parsed = entry.schema.safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      throw new AppError('request.invalid', undefined, 'value', message.startsWith('validation.') ? message : 'validation.enterValidValue');
    }
    await inTransaction(this.db, async (tx) => this.writeIn(tx, key, parsed.data as ConfigValue<typeof key>, actor, reason));
    const updated = (await this.list()).find((e) => e.key === key);
    return updated!;
  }

  /**
   * Writes an already valid value and its `config.update` audit row inside the caller's
   * transaction (a feature that saves a setting together with its own rows, e.g. the shares' open
   * state with the share configuration).
   */
  async writeIn<K extends ConfigKey>(tx: Tx, key: K, value: ConfigValue<K>, actor: Actor, reason: string): Promise<void> {
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
