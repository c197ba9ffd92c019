/**
 * The client's namespaces, in the service's nouns (the names are fixed: merchants' code depends
 * on them; docs/server.md lists them). Query parameter names are the sandbox's (`api-types.ts`).
 * Basic (the secret key) unless said otherwise; "Bearer" needs `client.login()` first.
 */
import type * as Api from './api-types';
import { type ApiRequest, segment } from './http';
import { metaEnvelope, pagedList, plainList, sizeEnvelope } from './pages';

export type Auth = 'basic' | 'bearer';
export type Call = <T>(auth: Auth, request: ApiRequest) => Promise<T>;

/** A list's query without `page`: the iteration sets it (`.page(n)` reads one page). */
type ListQuery<Q> = Omit<Q, 'page'>;

/** Creating requests (POST) are sent once: never retried, since the service has no idempotency key. */
export function buildResources(call: Call) {
  const basic = <T>(request: ApiRequest) => call<T>('basic', request);
  const bearer = <T>(request: ApiRequest) => call<T>('bearer', request);
  const get = <T>(path: string, query?: object) => basic<T>({ method: 'GET', path, query });
  const post = <T>(path: string, body?: unknown) => basic<T>({ method: 'POST', path, body });
  /** One page of a paged family: the query with `page` set. */
  const pageOf =
    <P>(path: string, query: object | undefined, auth: Auth = 'basic') =>
    (page: number) =>
      call<P>(auth, { method: 'GET', path, query: { ...query, page } });

  return {
    /** Charges: create, read, resume after managed 3DS, refund. */
    charges: {
      /**
       * Creates and charges at once. Never retried: after a timeout or network error the charge
       * may exist; look for it (webhook, `get`) before charging again.
       */
      create: (body: Api.ChargeCreateRequest) => post<Api.Charge>('/v1/charges', body),
      get: async (id: string) => get<Api.Charge>(`/v1/charges/${segment(id)}`),
      /** Continues a managed-3DS charge (`authentication_required`) once its authentication ended. */
      resume3ds: async (id: string) => post<Api.Charge>(`/v1/charges/${segment(id)}/resume-3ds`),
      refund: async (id: string) => post<Api.Charge>(`/v1/charges/${segment(id)}/refund`),
    },

    /**
     * The 3DS steps with the secret key, for a server that runs them itself; browsers use
     * the widget with the publishable key instead.
     */
    threeDS: {
      authenticate: (body: Api.ThreeDSAuthenticateRequest) =>
        post<Api.ThreeDSAuthentication>('/v1/three-ds/authenticate', body),
      submit: (body: Api.ThreeDSSubmitRequest) =>
        post<Api.ThreeDSSubmission>('/v1/three-ds/submit', body),
      challengeResult: (body: Api.ThreeDSChallengeResultRequest) =>
        post<Api.ChallengeResult>('/v1/three-ds/challenge-result', body),
    },

    /** Saved cards: registration, list, activation, deletion. */
    cards: {
      /** With `validateCard: true` the card waits for `activate` with the validation amount. */
      create: (body: Api.CardCreateRequest) => post<Api.CardCreated>('/v1/cards', body),
      list: (query?: Api.CardListQuery) => plainList(() => get<Api.CardList>('/v1/cards', query)),
      activate: async (id: string, body: Api.CardActivateRequest) =>
        post<Api.CardActivation>(`/v1/cards/${segment(id)}/activate`, body),
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
      create: (body: Api.SubscriptionPlanCreateRequest) =>
        post<Api.SubscriptionPlan>('/v1/subscription-plans', body),
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
      uploadImage: async (id: string, file: Api.SubscriptionPlanImageRequest['file']) => {
        const form = new FormData();
        form.append(
          'file',
          file,
          'name' in file && typeof file.name === 'string' ? file.name : 'image',
        );
        return post<Api.SubscriptionPlan>(`/v1/subscription-plans/${segment(id)}/image`, form);
      },
    },

    /** Subscriptions: a customer on a plan. */
    subscriptions: {
      /** Charges the first payment now. Never retried (see `charges.create`). */
      create: (body: Api.SubscriptionCreateRequest) =>
        post<Api.Subscription>('/v1/subscriptions', body),
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
      cancel: async (id: string) =>
        post<Api.Subscription>(`/v1/subscriptions/${segment(id)}/cancel`),
      pause: async (id: string) => post<Api.Subscription>(`/v1/subscriptions/${segment(id)}/pause`),
      resume: async (id: string) =>
        post<Api.Subscription>(`/v1/subscriptions/${segment(id)}/resume`),
    },

    /** Wallet balances per currency. Bearer. */
    wallets: {
      list: (query?: Api.WalletListQuery) =>
        plainList(() => bearer<Api.WalletList>({ method: 'GET', path: '/v1/wallets', query })),
    },

    /** Sub-merchants' payout requests and the administrator's review. Bearer. */
    payoutRequests: {
      /** As the sub-merchant itself (its own `merchantId`). Never retried. */
      create: async (merchantId: string, body: Api.PayoutRequestCreateRequest) =>
        bearer<Api.PayoutRequestCreated>({
          method: 'POST',
          path: `/v1/submerchants/${segment(merchantId, 'merchantId')}/payout-requests`,
          body,
        }),
      /** Administrator only: merchants get 403 and use `list`. */
      get: async (id: string) =>
        bearer<Api.PayoutRequest>({ method: 'GET', path: `/v1/payout-requests/${segment(id)}` }),
      list: (query?: ListQuery<Api.PayoutRequestListQuery>) =>
        pagedList(
          pageOf<Api.PayoutRequestList>('/v1/payout-requests', query, 'bearer'),
          sizeEnvelope<Api.PayoutRequest>(),
        ),
      /** Administrator only. */
      approve: async (id: string) =>
        bearer<Api.PayoutRequest>({
          method: 'POST',
          path: `/v1/payout-requests/${segment(id)}/approve`,
          body: {} satisfies Api.PayoutRequestApproveRequest,
        }),
      /** Administrator only. */
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
