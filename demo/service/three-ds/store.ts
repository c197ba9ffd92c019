import { type Kysely, sql, type Transaction } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import type { Vault } from '../kernel/db/vault';
import { ApiError } from '../kernel/http/errors';
import { nowIso } from '../kernel/ids';
import type { ChallengeResult, SubmitResponse } from '../kernel/wire-types';
import * as rules from './rules';
import {
  type Authentication,
  type ChallengeEnd,
  flowStateOf,
  type ThreeDsCall,
  toAuthentication,
} from './schema';

/** Calls kept per authentication: a flow makes a handful; a runaway client cannot grow it. */
const MAX_CALLS = 100;

/** What a charge claims: its `threeDS`, for this card, amount (cents) and currency. */
export interface ChargeClaim {
  chargeId: string;
  threeDS: ChallengeResult;
  cardNumber: string;
  amountCents: number;
  currency: string;
}

/** A step's answer, or what it threw, once its changes are saved either way. */
type Outcome<T> = { value: T } | { error: unknown };

/**
 * 3DS authentications in the database. The API's calls and the QA helper are scoped to the
 * key's merchant; the ACS pages reach an authentication by its id alone (the id is what the
 * cardholder's browser is given).
 */
export class AuthenticationStore {
  readonly pages: rules.ThreeDsPages;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly vault: Vault,
    threeDsUrl: () => string,
    private readonly log: (line: string) => void,
    /** The secret of the bank pages' tokens (`rules.pageToken`). */
    pageSecret: string,
  ) {
    this.pages = new rules.ThreeDsPages(threeDsUrl, pageSecret);
  }

  /**
   * A new authentication. `POST /v1/three-ds/authenticate` passes `byEndpoint`: that call is its
   * first, recorded by the insert itself. A charge's managed authentication passes the charge's
   * transaction (`trx`: it exists only if the charge commits) and was made by no call.
   */
  async create(
    tenant: Tenant,
    input: rules.NewAuthentication,
    made: { byEndpoint: true } | { trx: Transaction<Schema> },
  ): Promise<Authentication> {
    const auth = rules.startAuthentication(input, {
      merchantId: tenant.merchantId,
      cardFingerprint: this.vault.fingerprint(input.cardNumber),
      at: new Date(),
    });
    if ('byEndpoint' in made) {
      const at = auth.createdAt.toISOString();
      auth.calls.push({ endpoint: '/v1/three-ds/authenticate', status: 200, at });
    }
    const db = 'trx' in made ? made.trx : this.db;
    await db
      .insertInto('authentications')
      .values({
        id: auth.id,
        merchant_id: auth.merchantId,
        scenario: auth.scenario.name,
        amount_cents: auth.amountCents,
        currency: auth.currency,
        brand: auth.brand,
        last4: auth.last4,
        card_fingerprint: auth.cardFingerprint,
        language: auth.language,
        status: auth.status,
        outcome: auth.outcome ?? null,
        flow_state: JSON.stringify(flowStateOf(auth)),
        ds_transaction_id: auth.transactionIds.directoryServer,
        three_ds_server_transaction_id: auth.transactionIds.threeDsServer,
        acs_transaction_id: auth.transactionIds.acs,
        cryptogram: auth.cryptogram,
        created_at: auth.createdAt,
        updated_at: auth.createdAt,
      })
      .execute();
    this.log(`3ds: ${auth.id} created (${auth.scenario.name}) → ${auth.status}`);
    return auth;
  }

  /** The tenant's authentication, or the 404 of an unknown id (also for another merchant's). */
  require(tenant: Tenant, id: string): Promise<Authentication> {
    return this.requireIn(this.db, tenant, id);
  }

  /** `require` through `db`: a charge's transaction reads what it continues with. */
  async requireIn(db: Kysely<Schema>, tenant: Tenant, id: string): Promise<Authentication> {
    const row = await db
      .selectFrom('authentications')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .executeTakeFirst();
    if (row === undefined) throw rules.authenticationNotFound(id);
    return toAuthentication(row);
  }

  /** By id alone, for the ACS pages (the id is what the cardholder's browser is given). */
  async get(id: string): Promise<Authentication | undefined> {
    const row = await this.db
      .selectFrom('authentications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toAuthentication(row);
  }

  async submit(
    tenant: Tenant,
    id: string,
    fingerprintingResult: string | undefined,
  ): Promise<SubmitResponse> {
    const { auth } = await this.step(tenant, id, (current) => {
      const line = rules.submit(current, fingerprintingResult);
      if (line !== undefined) this.log(line);
    });
    return this.pages.submitResponse(auth);
  }

  async challengeResult(tenant: Tenant, id: string): Promise<ChallengeResult> {
    const { value } = await this.step(tenant, id, (current) => {
      try {
        return rules.challengeResult(current);
      } catch (error) {
        if (rules.failsThisCall(current)) {
          this.log(`3ds: ${current.id} challenge-result → 500 (scenario)`);
        }
        throw error;
      }
    });
    return value;
  }

  /** The challenge page's result: the authentication, or undefined for an unknown id. */
  async completeChallenge(
    id: string,
    end: ChallengeEnd,
  ): Promise<{ auth: Authentication; completed: boolean } | undefined> {
    try {
      const { auth, value: completed } = await this.step(undefined, id, (current) =>
        rules.completeChallenge(current, end),
      );
      if (completed) this.log(`3ds: ${id} challenge ${end}`);
      return { auth, completed };
    } catch (error) {
      if (error instanceof ApiError && error.body.statusCode === 404) return undefined;
      throw error;
    }
  }

  /** Records what an endpoint answered for the tenant's authentication (retries included). */
  async recordCall(
    tenant: Tenant,
    id: string,
    endpoint: ThreeDsCall['endpoint'],
    status: number,
  ): Promise<void> {
    const call: ThreeDsCall = { endpoint, status, at: nowIso() };
    // One statement appends, so concurrent calls never lose one another.
    await this.db
      .updateTable('authentications')
      .set({
        flow_state: sql`jsonb_set(flow_state, '{calls}', (flow_state -> 'calls') || ${JSON.stringify([call])}::jsonb)`,
      })
      .where('id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .where(sql<number>`jsonb_array_length(flow_state -> 'calls')`, '<', MAX_CALLS)
      .execute();
  }

  /**
   * Marks the authentication a charge's `threeDS` names as used by `chargeId`, when the rules
   * allow it (`mustBeClaimable` in rules.ts; a 422 naming the rule otherwise, nothing marked), in
   * the charge's transaction holding the row's lock: of two charges with the same `threeDS`,
   * exactly one claims it, and a charge that is not created leaves the authentication usable.
   */
  async claimForCharge(
    tenant: Tenant,
    claim: ChargeClaim,
    trx: Transaction<Schema>,
  ): Promise<void> {
    const row = await trx
      .selectFrom('authentications')
      .selectAll()
      .where('three_ds_server_transaction_id', '=', claim.threeDS.threeDsServerTransactionId)
      .where('merchant_id', '=', tenant.merchantId)
      .forUpdate()
      .executeTakeFirst();
    const auth = row === undefined ? undefined : toAuthentication(row);
    rules.mustBeClaimable(auth, {
      threeDS: claim.threeDS,
      cardFingerprint: this.vault.fingerprint(claim.cardNumber),
      amountCents: claim.amountCents,
      currency: claim.currency,
    });
    // The lock already orders claims; the condition makes a second mark impossible regardless.
    const marked = await trx
      .updateTable('authentications')
      .set({ used_by_charge_id: claim.chargeId, updated_at: new Date() })
      .where('id', '=', auth.id)
      .where('used_by_charge_id', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw rules.alreadyUsed();
  }

  /**
   * Loads the authentication locked (FOR UPDATE), applies one step and saves what it changed,
   * also when the step answers an error (a counted challenge-result call stays counted).
   */
  private async step<T>(
    tenant: Tenant | undefined,
    id: string,
    change: (auth: Authentication) => T,
  ): Promise<{ auth: Authentication; value: T }> {
    const { auth, outcome } = await inTransaction(this.db, async (trx) => {
      const current = await this.locked(trx, tenant, id);
      let outcome: Outcome<T>;
      try {
        outcome = { value: change(current) };
      } catch (error) {
        outcome = { error };
      }
      await trx
        .updateTable('authentications')
        .set({
          status: current.status,
          outcome: current.outcome ?? null,
          flow_state: JSON.stringify(flowStateOf(current)),
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .execute();
      return { auth: current, outcome };
    });
    if ('error' in outcome) throw outcome.error;
    return { auth, value: outcome.value };
  }

  private async locked(
    trx: Transaction<Schema>,
    tenant: Tenant | undefined,
    id: string,
  ): Promise<Authentication> {
    let query = trx.selectFrom('authentications').selectAll().where('id', '=', id);
    if (tenant !== undefined) query = query.where('merchant_id', '=', tenant.merchantId);
    const row = await query.forUpdate().executeTakeFirst();
    if (row === undefined) throw rules.authenticationNotFound(id);
    return toAuthentication(row);
  }
}
