/**
 * The client's namespaces, in the service's nouns (the names are fixed: merchants' code depends
 * on them; docs/server.md lists them). Query parameter names are the sandbox's (`api-types.ts`).
 * Basic (the secret key) unless said otherwise; "Bearer" needs `client.login()` first.
 */
import type * as Api from './api-types';
import { type ApiRequest, idempotencyKeyOf, segment } from './http';
import { metaEnvelope, pagedList, plainList, sizeEnvelope } from './pages';

export type Auth = 'basic' | 'bearer';
export type Call = <T>(auth: Auth, request: ApiRequest) => Promise<T>;

/** A list's query without `page`: the iteration sets it (`.page(n)` reads one page). */
type ListQuery<Q> = Omit<Q, 'page'>;

/** The options of one call that acts (a `POST`). */
export interface CallOptions {
  /**
   * The call's `Idempotency-Key`: 1 to 255 visible ASCII characters. Default: a new random
   * UUID per call. Every retry of the call sends the same key, so the service runs it once.
   * Give your own (an order's id, say) to call again later as the *same* operation: the
   * service answers with the first call's answer instead of acting twice, for 24 hours.
   */
  idempotencyKey?: string;
}

/**
 * A `POST` carries an idempotency key (one per call unless `options` gives it) and is retried
 * like a GET; PATCH and DELETE are sent once. The administrator's payout reviews too: the
 * service keeps keys per merchant, and the administrator is none.
 */
export function buildResources(call: Call) {
  const basic = <T>(request: ApiRequest) => call<T>('basic', request);
  const bearer = <T>(request: ApiRequest) => call<T>('bearer', request);
  const get = <T>(path: string, query?: object) => basic<T>({ method: 'GET', path, query });
  /** Async, so a bad `idempotencyKey` rejects the call's promise rather than throwing. */
  const keyedPost = async <T>(
    auth: Auth,
    path: string,
    body: unknown,
    options: CallOptions | undefined,
  ) =>
    call<T>(auth, {
      method: 'POST',
      path,
      body,
      idempotencyKey: idempotencyKeyOf(options?.idempotencyKey),
    });
  const post = <T>(path: string, body?: unknown, options?: CallOptions) =>
    keyedPost<T>('basic', path, body, options);
  /** One page of a paged family: the query with `page` set. */
  const pageOf =
    <P>(path: string, query: object | undefined, auth: Auth = 'basic') =>
    (page: number) =>
      call<P>(auth, { method: 'GET', path, query: { ...query, page } });

  return {
    /** Charges: create, read, resume after managed 3DS, refund. */
    charges: {
      /**
       * Creates and charges at once. Retried after a timeout, a network error or a 502/503/504
       * under one idempotency key: the service charges once and answers the retry with the
       * first answer. Give `options.idempotencyKey` (e.g. the order's id) to call again safely
       * after the retries ran out.
       */
      create: (body: Api.ChargeCreateRequest, options?: CallOptions) =>
        post<Api.Charge>('/v1/charges', body, options),
      get: async (id: string) => get<Api.Charge>(`/v1/charges/${segment(id)}`),
      /** Continues a managed-3DS charge (`authentication_required`) once its authentication ended. */
      resume3ds: async (id: string, options?: CallOptions) =>
        post<Api.Charge>(`/v1/charges/${segment(id)}/resume-3ds`, undefined, options),
      refund: async (id: string, options?: CallOptions) =>
        post<Api.Charge>(`/v1/charges/${segment(id)}/refund`, undefined, options),
    },

    /**
     * The 3DS steps with the secret key, for a server that runs them itself; browsers use
     * the widget with the publishable key instead.
     */
    threeDS: {
      authenticate: (body: Api.ThreeDSAuthenticateRequest, options?: CallOptions) =>
        post<Api.ThreeDSAuthentication>('/v1/three-ds/authenticate', body, options),
      submit: (body: Api.ThreeDSSubmitRequest, options?: CallOptions) =>
        post<Api.ThreeDSSubmission>('/v1/three-ds/submit', body, options),
      challengeResult: (body: Api.ThreeDSChallengeResultRequest, options?: CallOptions) =>
        post<Api.ChallengeResult>('/v1/three-ds/challenge-result', body, options),
    },

    /** Saved cards: registration, list, activation, deletion. */
    cards: {
      /** With `validateCard: true` the card waits for `activate` with the validation amount. */
      create: (body: Api.CardCreateRequest, options?: CallOptions) =>
        post<Api.CardCreated>('/v1/cards', body, options),
      list: (query?: Api.CardListQuery) => plainList(() => get<Api.CardList>('/v1/cards', query)),
      activate: async (id: string, body: Api.CardActivateRequest, options?: CallOptions) =>
        post<Api.CardActivation>(`/v1/cards/${segment(id)}/activate`, body, options),
      delete: async (id: string) =>
        basic<Api.CardDeletion>({ method: 'DELETE', path: `/v1/cards/${segment(id)}` }),
    },

    /** Customers. */
    customers: {
      get: async (id: string) => get<Api.Customer>(`/v1/customers/${segment(id)}`),
      list: (query?: ListQuery<Api.CustomerListQuery>) =>
        pagedList(pageOf<Api.CustomerList>('/v1/customers', query), metaEnvelope<Api.Customer>()),
    },

    /** The payment methods catalogue. */
    paymentMethods: {
      list: (query?: Api.PaymentMethodListQuery) =>
        plainList(() => get<Api.PaymentMethodList>('/v1/payment-methods', query)),
    },

    /** Subscription plans. */
    subscriptionPlans: {
      create: (body: Api.SubscriptionPlanCreateRequest, options?: CallOptions) =>
        post<Api.SubscriptionPlan>('/v1/subscription-plans', body, options),
      get: async (id: string) => get<Api.SubscriptionPlan>(`/v1/subscription-plans/${segment(id)}`),
      list: (query?: ListQuery<Api.SubscriptionPlanListQuery>) =>
        pagedList(
          pageOf<Api.SubscriptionPlanList>('/v1/subscription-plans', query),
          metaEnvelope<Api.SubscriptionPlan>(),
        ),
      /**
       * Deactivating a plan with active subscriptions answers a `confirmationToken` and changes
       * nothing; send `{ status: 'inactive', confirmationToken }` to confirm. Test the answer
       * with `'confirmationToken' in answer`.
       */
      setStatus: async (id: string, body: Api.SubscriptionPlanStatusRequest) =>
        basic<Api.SubscriptionPlanStatusResponse>({
          method: 'PATCH',
          path: `/v1/subscription-plans/${segment(id)}/status`,
          body,
        }),
      /** A PNG or JPEG (judged by its bytes) as the multipart part `file`. */
      uploadImage: async (
        id: string,
        file: Api.SubscriptionPlanImageRequest['file'],
        options?: CallOptions,
      ) => {
        const form = new FormData();
        form.append(
          'file',
          file,
          'name' in file && typeof file.name === 'string' ? file.name : 'image',
        );
        return post<Api.SubscriptionPlan>(
          `/v1/subscription-plans/${segment(id)}/image`,
          form,
          options,
        );
      },
    },

    /** Subscriptions: a customer on a plan. */
    subscriptions: {
      /** Charges the first payment now; retried under one key (see `charges.create`). */
      create: (body: Api.SubscriptionCreateRequest, options?: CallOptions) =>
        post<Api.Subscription>('/v1/subscriptions', body, options),
      get: async (id: string) => get<Api.Subscription>(`/v1/subscriptions/${segment(id)}`),
      list: (query?: ListQuery<Api.SubscriptionListQuery>) =>
        pagedList(
          pageOf<Api.SubscriptionList>('/v1/subscriptions', query),
          metaEnvelope<Api.Subscription>(),
        ),
      /** Active subscriptions only (400 otherwise). */
      update: async (id: string, body: Api.SubscriptionUpdateRequest) =>
        basic<Api.SubscriptionUpdate>({
          method: 'PATCH',
          path: `/v1/subscriptions/${segment(id)}`,
          body,
        }),
      cancel: async (id: string, options?: CallOptions) =>
        post<Api.Subscription>(`/v1/subscriptions/${segment(id)}/cancel`, undefined, options),
      pause: async (id: string, options?: CallOptions) =>
        post<Api.Subscription>(`/v1/subscriptions/${segment(id)}/pause`, undefined, options),
      resume: async (id: string, options?: CallOptions) =>
        post<Api.Subscription>(`/v1/subscriptions/${segment(id)}/resume`, undefined, options),
    },

    /** Wallet balances per currency. Bearer. */
    wallets: {
      list: (query?: Api.WalletListQuery) =>
        plainList(() => bearer<Api.WalletList>({ method: 'GET', path: '/v1/wallets', query })),
    },

    /** Sub-merchants' payout requests and the administrator's review. Bearer. */
    payoutRequests: {
      /** As the sub-merchant itself (its own `merchantId`); retried under one key. */
      create: async (
        merchantId: string,
        body: Api.PayoutRequestCreateRequest,
        options?: CallOptions,
      ) =>
        keyedPost<Api.PayoutRequestCreated>(
          'bearer',
          `/v1/submerchants/${segment(merchantId, 'merchantId')}/payout-requests`,
          body,
          options,
        ),
      /** Administrator only: merchants get 403 and use `list`. */
      get: async (id: string) =>
        bearer<Api.PayoutRequest>({ method: 'GET', path: `/v1/payout-requests/${segment(id)}` }),
      list: (query?: ListQuery<Api.PayoutRequestListQuery>) =>
        pagedList(
          pageOf<Api.PayoutRequestList>('/v1/payout-requests', query, 'bearer'),
          sizeEnvelope<Api.PayoutRequest>(),
        ),
      /** Administrator only. Sent once: the administrator has no idempotency keys. */
      approve: async (id: string) =>
        bearer<Api.PayoutRequest>({
          method: 'POST',
          path: `/v1/payout-requests/${segment(id)}/approve`,
          body: {} satisfies Api.PayoutRequestApproveRequest,
        }),
      /** Administrator only. Sent once: the administrator has no idempotency keys. */
      reject: async (id: string, body: Api.PayoutRequestRejectRequest) =>
        bearer<Api.PayoutRequest>({
          method: 'POST',
          path: `/v1/payout-requests/${segment(id)}/reject`,
          body,
        }),
    },

    /** The authenticated master's sub-merchants. */
    submerchants: {
      list: (query?: ListQuery<Api.SubmerchantListQuery>) =>
        pagedList(
          pageOf<Api.SubmerchantList>('/v1/submerchants', query),
          sizeEnvelope<Api.Submerchant>(),
        ),
    },

    /** Sub-account fees: a master names its sub-account; a sub-account gets its own. */
    subAccounts: {
      feesInfo: async (id: string) =>
        get<Api.SubAccountFeesInfo>(`/v1/connect/sub-accounts/${segment(id)}/fees-info`),
    },
  };
}

export type ServerResources = ReturnType<typeof buildResources>;
