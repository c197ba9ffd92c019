import type { Kysely, Selectable } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { SandboxFaultsTable, Schema } from '../kernel/db/schema';
import { ApiError, badRequest, ownError } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { type FaultRule, fires, MAX_RULES, matches, seededDraw, spent } from './rules';
import type { FaultWire, NewFault } from './schema';

/**
 * A merchant's rules stay in memory this long: another process sharing the database (or a
 * reset) is seen within it; this process's own changes drop the entry at once.
 */
const CACHE_MS = 1_000;

const fromRow = (row: Selectable<SandboxFaultsTable>): FaultRule => ({
  id: row.id,
  method: row.method,
  path: row.path,
  action: typeof row.action === 'string' ? JSON.parse(row.action) : row.action,
  probability: row.probability,
  times: row.times,
  seed: row.seed,
  hits: row.hits,
});

const wire = (rule: FaultRule): FaultWire => ({
  ...rule,
  method: rule.method as FaultWire['method'],
  action: rule.action as FaultWire['action'],
});

const notFound = () => new ApiError(ownError(404, 'fault not found'));

/**
 * The merchants' fault rules (`sandbox_faults`). The database is the truth (rules survive a
 * restart, and `hits`/`seen` are counted there, so two processes share them); the gate reads a
 * per-merchant copy, so a merchant without rules pays a map lookup, whatever others installed.
 */
export class FaultStore {
  private readonly cache = new Map<string, { rules: Promise<FaultRule[]>; until: number }>();

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly now: () => number = Date.now,
  ) {}

  async create(tenant: Tenant, input: NewFault): Promise<FaultWire> {
    const { merchantId } = tenant;
    const count = await this.db
      .selectFrom('sandbox_faults')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_RULES) {
      throw new ApiError(badRequest(`a merchant may keep at most ${MAX_RULES} fault rules`));
    }
    const row = await this.db
      .insertInto('sandbox_faults')
      .values({
        id: newId('flt'),
        merchant_id: merchantId,
        method: input.method ?? null,
        path: input.path,
        action: JSON.stringify(input.action),
        probability: input.probability,
        times: input.times ?? null,
        seed: input.seed ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.cache.delete(merchantId);
    return wire(fromRow(row));
  }

  async list(tenant: Tenant): Promise<FaultWire[]> {
    const rows = await this.db
      .selectFrom('sandbox_faults')
      .selectAll()
      .where('merchant_id', '=', tenant.merchantId)
      .orderBy('seq')
      .execute();
    return rows.map((row) => wire(fromRow(row)));
  }

  async remove(tenant: Tenant, id: string): Promise<{ id: string; deleted: true }> {
    const gone = await this.db
      .deleteFrom('sandbox_faults')
      .where('merchant_id', '=', tenant.merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    this.cache.delete(tenant.merchantId);
    if (Number(gone.numDeletedRows) === 0) throw notFound();
    return { id, deleted: true };
  }

  async removeAll(tenant: Tenant): Promise<{ deleted: number }> {
    const gone = await this.db
      .deleteFrom('sandbox_faults')
      .where('merchant_id', '=', tenant.merchantId)
      .executeTakeFirst();
    this.cache.delete(tenant.merchantId);
    return { deleted: Number(gone.numDeletedRows) };
  }

  /**
   * The rule that answers this request, its hit counted, or undefined. Rules are tried in the
   * order they were made; the first that matches, draws true and is not spent answers.
   */
  async pick(merchantId: string, method: string, path: string): Promise<FaultRule | undefined> {
    const rules = await this.rulesOf(merchantId);
    for (const rule of rules) {
      if (spent(rule) || !matches(rule, method, path)) continue;
      if (rule.probability < 1 && !fires(rule.probability, await this.draw(rule))) continue;
      // Conditional, so `times` holds across processes and concurrent requests.
      const counted = await this.db
        .updateTable('sandbox_faults')
        .set((eb) => ({ hits: eb('hits', '+', 1) }))
        .where('id', '=', rule.id)
        .where((eb) => eb.or([eb('times', 'is', null), eb('hits', '<', eb.ref('times'))]))
        .returning('hits')
        .executeTakeFirst();
      if (counted === undefined) {
        // Spent (or deleted) elsewhere: skip it until the copy is reloaded.
        rule.hits = rule.times ?? Number.MAX_SAFE_INTEGER;
        continue;
      }
      rule.hits = counted.hits;
      return rule;
    }
    return undefined;
  }

  /** The draw of this try: seeded from the rule's count of tries (kept in the row), else random. */
  private async draw(rule: FaultRule): Promise<number> {
    if (rule.seed === null) return Math.random();
    const tried = await this.db
      .updateTable('sandbox_faults')
      .set((eb) => ({ seen: eb('seen', '+', 1) }))
      .where('id', '=', rule.id)
      .returning('seen')
      .executeTakeFirst();
    // Deleted meanwhile: it does not fire.
    return tried === undefined ? 1 : seededDraw(rule.seed, tried.seen);
  }

  private rulesOf(merchantId: string): Promise<FaultRule[]> {
    const now = this.now();
    const cached = this.cache.get(merchantId);
    if (cached !== undefined && cached.until > now) return cached.rules;
    const rules = this.db
      .selectFrom('sandbox_faults')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('seq')
      .execute()
      .then((rows) => rows.map(fromRow));
    const entry = { rules, until: now + CACHE_MS };
    this.cache.set(merchantId, entry);
    // A failed read is not kept: the next request asks again.
    rules.catch(() => {
      if (this.cache.get(merchantId) === entry) this.cache.delete(merchantId);
    });
    return rules;
  }
}
