import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { SandboxRequestsTable, Schema } from '../kernel/db/schema';
import { fetchPage, metaEnvelope } from '../kernel/lists/page';
import { REQUEST_LOG_CAP } from './rules';
import type { LoggedRequest, RequestListQuery } from './schema';

export type NewLoggedRequest = Insertable<SandboxRequestsTable>;

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const wire = (row: Selectable<SandboxRequestsTable>): LoggedRequest => ({
  id: row.id,
  at: row.at.toISOString(),
  method: row.method,
  path: row.path,
  query: json(row.query) as LoggedRequest['query'],
  status: row.status,
  durationMs: row.duration_ms,
  faultId: row.fault_id,
  idempotentReplayed: row.idempotent_replayed,
  requestBody: json(row.request_body) ?? null,
  responseBody: json(row.response_body) ?? null,
});

const COLUMNS = { at: 'sandbox_requests.seq' } as const;

/** `%`, `_` and `\` match themselves; the pattern matches what starts with `text`. */
const prefixPattern = (text: string): string => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The merchants' request logs (`sandbox_requests`). Entries are written behind the answers: queued
 * as each request ends and written in batches (one insert, then one trim per merchant to its
 * newest `cap`), so a request never waits for its own log line. A read waits for the entries
 * queued before it: a merchant sees every request answered before it asked.
 */
export class RequestLog {
  private queue: NewLoggedRequest[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly log: (line: string) => void,
    private readonly cap = REQUEST_LOG_CAP,
  ) {}

  /** Queues an entry once `entry` settles (its bodies may still be arriving). */
  record(entry: Promise<NewLoggedRequest | undefined>): void {
    const queued = entry
      .then((row) => {
        if (row === undefined) return;
        this.queue.push(row);
        this.schedule();
      })
      .catch((error: unknown) => this.log(`request log: ${String(error)}`))
      .finally(() => this.pending.delete(queued));
    this.pending.add(queued);
  }

  /** Every entry recorded so far is written. */
  async settled(): Promise<void> {
    do {
      await Promise.all(this.pending);
      await this.writing;
    } while (this.pending.size > 0 || this.scheduled);
  }

  async list(tenant: Tenant, query: RequestListQuery) {
    await this.settled();
    let rows = this.db
      .selectFrom('sandbox_requests')
      .selectAll()
      .where('merchant_id', '=', tenant.merchantId);
    if (query.method !== undefined) rows = rows.where('method', '=', query.method);
    if (query.status !== undefined) rows = rows.where('status', '=', query.status);
    if (query.path !== undefined) rows = rows.where('path', 'like', prefixPattern(query.path));
    const request = {
      page: query.page,
      size: query.limit,
      orderBy: [{ field: 'at' as const, direction: 'desc' as const }],
    };
    const page = await fetchPage(rows, request, COLUMNS, 'sandbox_requests.seq');
    return metaEnvelope(page.rows.map(wire), page.total, request);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // After the answers of this turn are written out, and one batch at a time.
    this.writing = this.writing
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        this.scheduled = false;
        return this.write(this.queue.splice(0));
      })
      .catch((error: unknown) => this.log(`request log: ${String(error)}`));
  }

  private async write(rows: NewLoggedRequest[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('sandbox_requests').values(rows).execute();
    for (const merchantId of new Set(rows.map((row) => row.merchant_id))) {
      // Everything at or below the (cap + 1)-th newest goes: the index reads cap + 1 entries.
      await this.db
        .deleteFrom('sandbox_requests')
        .where('merchant_id', '=', merchantId)
        .where('seq', '<=', (eb) =>
          eb
            .selectFrom('sandbox_requests')
            .select('seq')
            .where('merchant_id', '=', merchantId)
            .orderBy('seq', 'desc')
            .offset(this.cap)
            .limit(1),
        )
        .execute();
    }
  }
}
