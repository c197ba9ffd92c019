import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import { type MerchantClocks, merchantNow } from '../kernel/clock';
import { toCents } from '../kernel/db/money';
import type { PlanRow, Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { ApiError, spec } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { fetchPage, metaEnvelope } from '../kernel/lists/page';
import { cancelPlanSubscriptions, countActiveSubscriptions } from '../subscriptions/plan-hooks';
import { EXTENSIONS, type ImageType, type UploadedImage } from './image';
import { type PlanConfirmationRecord, type PlanRecord, toPlanRecord } from './record';
import {
  confirmationExpiry,
  confirmationMessage,
  mustChangeStatus,
  mustConfirm,
  mustEndInFuture,
  needsConfirmation,
} from './rules';
import { type NewPlan, PLAN_COLUMNS, type PlanListQuery, type PlanStatusChange } from './schema';

/** Active subscriptions of each plan in `planIds` (every id is in the answer). */
export type ActiveSubscriptionsCount = (
  db: Kysely<Schema>,
  planIds: readonly string[],
) => Promise<Map<string, number>>;

/** The count of each plan's `active` subscriptions. */
export const activeSubscriptionsCount: ActiveSubscriptionsCount = countActiveSubscriptions;

/** Runs in the confirmed deactivation's transaction. */
export type CancelActiveSubscriptions = (trx: Transaction<Schema>, plan: PlanRow) => Promise<void>;

/**
 * Each active subscription of the plan `cancelled` with `cancellationType: "plan_deactivated"`,
 * one `subscription.cancelled` each.
 */
export const cancelActiveSubscriptions: CancelActiveSubscriptions = cancelPlanSubscriptions;

export interface PlanStoreOptions {
  /** The API origin, for image URLs (known once its server listens). */
  apiUrl?: () => string;
  activeSubscriptionsCount?: ActiveSubscriptionsCount;
  cancelActiveSubscriptions?: CancelActiveSubscriptions;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The image's file name in its URL: a new image is a new URL, so it may be cached for long. */
export const imageFileName = (sha256: string, type: ImageType) =>
  `${sha256.slice(0, 16)}.${EXTENSIONS[type]}`;

type PlanWithImage = PlanRow & { image_sha256: string | null; image_type: ImageType | null };

/**
 * Subscription plans, scoped to one merchant (`Tenant`), and their images. What a change may do is
 * decided in `rules.ts`; this reads and writes.
 */
export class PlanStore {
  private readonly apiUrl: () => string;
  private readonly count: ActiveSubscriptionsCount;
  private readonly cancel: CancelActiveSubscriptions;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly clocks: MerchantClocks,
    options: PlanStoreOptions = {},
  ) {
    this.apiUrl = options.apiUrl ?? (() => 'http://localhost');
    this.count = options.activeSubscriptionsCount ?? activeSubscriptionsCount;
    this.cancel = options.cancelActiveSubscriptions ?? cancelActiveSubscriptions;
  }

  private ofTenant(db: Kysely<Schema>, tenant: Tenant) {
    return db
      .selectFrom('subscription_plans')
      .leftJoin('plan_images', 'plan_images.plan_id', 'subscription_plans.id')
      .selectAll('subscription_plans')
      .select(['plan_images.sha256 as image_sha256', 'plan_images.content_type as image_type'])
      .where('subscription_plans.merchant_id', '=', tenant.merchantId);
  }

  private imageUrl(row: PlanWithImage): string {
    if (row.image_sha256 === null || row.image_type === null) return '';
    return `${this.apiUrl()}/sandbox/plan-images/${row.id}/${imageFileName(row.image_sha256, row.image_type)}`;
  }

  private async toPlans(db: Kysely<Schema>, rows: readonly PlanWithImage[]): Promise<PlanRecord[]> {
    const counts = await this.count(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toPlanRecord(row, this.imageUrl(row), counts.get(row.id) ?? 0));
  }

  private async answer(db: Kysely<Schema>, tenant: Tenant, id: string): Promise<PlanRecord> {
    const row = await this.ofTenant(db, tenant)
      .where('subscription_plans.id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new ApiError(spec.planNotFound());
    const [plan] = await this.toPlans(db, [row]);
    if (plan === undefined) throw new Error(`plan ${id} vanished`);
    return plan;
  }

  async create(tenant: Tenant, input: NewPlan): Promise<PlanRecord> {
    const now = await merchantNow(this.db, tenant.merchantId);
    const endDate = input.endDate == null ? null : new Date(input.endDate);
    mustEndInFuture(endDate, now);
    const id = newId('plan');
    await this.db
      .insertInto('subscription_plans')
      .values({
        id,
        merchant_id: tenant.merchantId,
        name: input.name,
        price_cents: toCents(input.price),
        currency: input.currency,
        recurrence_type: input.recurrenceType,
        recurrence_interval: input.recurrenceInterval ?? null,
        end_date: endDate,
        buyer_message: input.buyerMessage,
        payment_methods: JSON.stringify(input.paymentMethods),
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return this.answer(this.db, tenant, id);
  }

  async list(tenant: Tenant, query: PlanListQuery) {
    let rows = this.ofTenant(this.db, tenant);
    if (query.status !== undefined)
      rows = rows.where('subscription_plans.status', '=', query.status);
    const request = { page: query.page, size: query.limit, orderBy: query.orderBy };
    const page = await fetchPage(rows, request, PLAN_COLUMNS, 'subscription_plans.id');
    return metaEnvelope(await this.toPlans(this.db, page.rows), page.total, request);
  }

  require(tenant: Tenant, id: string): Promise<PlanRecord> {
    return this.answer(this.db, tenant, id);
  }

  /**
   * The spec's transitions (`mustChangeStatus`): inactive → active; active → inactive at once when
   * the plan has no active subscriptions, else a confirmation token (nothing changes) that a
   * second call sends back to deactivate the plan and cancel its subscriptions in one transaction.
   */
  async changeStatus(
    tenant: Tenant,
    id: string,
    change: PlanStatusChange,
  ): Promise<PlanRecord | PlanConfirmationRecord> {
    return inTransaction(this.db, async (trx) => {
      const row = await trx
        .selectFrom('subscription_plans')
        .selectAll()
        .where('id', '=', id)
        .where('merchant_id', '=', tenant.merchantId)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) throw new ApiError(spec.planNotFound());
      mustChangeStatus(row.status, change);
      if (change.status === 'inactive') {
        const now = await merchantNow(trx, tenant.merchantId);
        if (change.confirmationToken !== undefined) {
          await this.useConfirmation(trx, tenant, id, change.confirmationToken, now);
        } else {
          const active = (await this.count(trx, [id])).get(id) ?? 0;
          if (needsConfirmation(active)) return this.askConfirmation(trx, tenant, id, active, now);
        }
        await this.cancel(trx, row);
      }
      await trx
        .updateTable('subscription_plans')
        .set({ status: change.status, updated_at: await this.clocks.now(tenant.merchantId, trx) })
        .where('id', '=', id)
        .execute();
      return this.answer(trx, tenant, id);
    });
  }

  private async askConfirmation(
    trx: Transaction<Schema>,
    tenant: Tenant,
    planId: string,
    active: number,
    now: Date,
  ): Promise<PlanConfirmationRecord> {
    const token = `pct_${randomBytes(24).toString('base64url')}`;
    const expiresAt = confirmationExpiry(now);
    await trx
      .insertInto('plan_confirmations')
      .values({
        token_hash: hashToken(token),
        plan_id: planId,
        merchant_id: tenant.merchantId,
        expires_at: expiresAt,
      })
      .execute();
    return {
      confirmationToken: token,
      activeSubscriptionsCount: active,
      expiresAt,
      message: confirmationMessage(active),
    };
  }

  /** The token's checks (`mustConfirm`), in the plan's transaction; used up only if it commits. */
  private async useConfirmation(
    trx: Transaction<Schema>,
    tenant: Tenant,
    planId: string,
    token: string,
    now: Date,
  ): Promise<void> {
    const found = await trx
      .selectFrom('plan_confirmations')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .where('merchant_id', '=', tenant.merchantId)
      .forUpdate()
      .executeTakeFirst();
    mustConfirm(found, planId, now);
    await trx
      .updateTable('plan_confirmations')
      .set({ used_at: now })
      .where('token_hash', '=', found.token_hash)
      .execute();
  }

  /** Stores the plan's image (replacing any), and answers the plan with its new `imageUrl`. */
  async setImage(tenant: Tenant, id: string, image: UploadedImage): Promise<PlanRecord> {
    const sha256 = createHash('sha256').update(image.bytes).digest('hex');
    return inTransaction(this.db, async (trx) => {
      const row = await trx
        .selectFrom('subscription_plans')
        .select('id')
        .where('id', '=', id)
        .where('merchant_id', '=', tenant.merchantId)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) throw new ApiError(spec.planNotFound());
      const values = {
        content_type: image.contentType,
        bytes: image.bytes,
        byte_size: image.bytes.byteLength,
        sha256,
      };
      await trx
        .insertInto('plan_images')
        .values({ plan_id: id, merchant_id: tenant.merchantId, ...values })
        .onConflict((oc) => oc.column('plan_id').doUpdateSet(values))
        .execute();
      await trx
        .updateTable('subscription_plans')
        .set({ updated_at: await this.clocks.now(tenant.merchantId, trx) })
        .where('id', '=', id)
        .execute();
      return this.answer(trx, tenant, id);
    });
  }

  /** A plan's image by its URL's parts (no key: the URL is public), or undefined. */
  async image(planId: string, fileName: string) {
    const row = await this.db
      .selectFrom('plan_images')
      .select(['content_type', 'bytes', 'sha256'])
      .where('plan_id', '=', planId)
      .executeTakeFirst();
    if (row === undefined || imageFileName(row.sha256, row.content_type) !== fileName) {
      return undefined;
    }
    return { contentType: row.content_type, bytes: row.bytes };
  }
}
