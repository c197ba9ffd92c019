// The answers of the sandbox's own routes (/sandbox/*, which src/server/api-types.ts leaves out)
// and of the demo merchant server (/merchant/*), as the QA pages read them. The truth is where
// each says: the service's schemas and demo/merchant/.

/** A list answered with `meta` (demo/service/kernel/lists/page.ts). */
export interface MetaPage<T> {
  data: T[];
  meta: { total: number; page: number; limit: number; totalPages: number };
}

/** A stored event of GET /sandbox/events: `data` is the resource its envelope carries. */
export interface SandboxEvent {
  id: string;
  event: string;
  resourceType: string;
  resourceId: string;
  createdAt: string;
  // biome-ignore lint/suspicious/noExplicitAny: each family's resource; the pages read its fields defensively (`data?.status ?? '—'`)
  data: any;
}

/** One attempt of a delivery (demo/service/events/detail.ts). */
export interface DeliveryAttempt {
  attempt: number;
  status: number | null;
  error: string | null;
  delivered: boolean;
  durationMs: number;
  at: string;
}

/** One delivery of an event, with its attempts (demo/service/events/detail.ts). */
export interface Delivery {
  id: string;
  channel: 'endpoint' | 'postback' | 'payout';
  url: string;
  endpointId: string | null;
  status: 'queued' | 'delivered' | 'failed';
  attempts: number;
  maxAttempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  attemptLog: DeliveryAttempt[];
}

/** GET /sandbox/events/{id}: the event, its envelope and its deliveries. */
export interface EventDetail extends SandboxEvent {
  envelope: { id?: string; [key: string]: unknown };
  deliveries: Delivery[];
}

/** A webhook endpoint (demo/service/webhooks/endpoints-schema.ts). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the demo's receiver got (demo/merchant/app.ts, `ReceivedWebhook`). */
export interface ReceivedWebhook {
  receivedAt: string;
  id?: string;
  event?: string;
  answeredStatus: number;
  verdict: string;
  // biome-ignore lint/suspicious/noExplicitAny: whatever was posted; the list reads `body?.data?.id`
  body: any;
}

/** A 3DS call the sandbox received, in GET /sandbox/authentications/{id} (demo/service/three-ds/schema.ts). */
export interface ThreeDsCall {
  endpoint: string;
  status: number;
  at: string;
}

/** What the demo merchant server sent to the API (demo/merchant/api-log.ts, `ApiLogEntry`). */
export interface ApiLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  body?: unknown;
  status: number;
  chargeId?: string;
  /** The sandbox's fault rule that answered (its `Sandbox-Fault` header), when one did. */
  faultId?: string;
  durationMs: number;
}

/** A fault rule of GET /sandbox/faults (demo/service/faults/schema.ts). */
export interface FaultRule {
  id: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | null;
  path: string;
  action: { status: number; body?: unknown } | { delayMs: number } | { drop: true };
  probability: number;
  times: number | null;
  seed: string | null;
  hits: number;
}

/** One request of GET /sandbox/requests, redacted by the sandbox (demo/service/requests/schema.ts). */
export interface LoggedRequest {
  id: string;
  at: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** Null: no answer was sent (a fault dropped the connection). */
  status: number | null;
  durationMs: number;
  faultId: string | null;
  idempotentReplayed: boolean;
  requestBody: unknown;
  responseBody: unknown;
}

/** A JSON Schema of the API's OpenAPI document (GET /openapi.json): the keywords the reference reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  format?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}

/** A body or an answer's content, by media type. */
export type OpenApiContent = Record<string, { schema?: JsonSchema }>;

/** One operation of the document (demo/service/openapi/). */
export interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  /** Each requirement names its scheme; `bearerAuth` lists the roles. */
  security?: Record<string, string[]>[];
  /** Which keys a Basic operation takes. */
  'x-keys'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: OpenApiContent };
  responses?: Record<string, { description?: string; content?: OpenApiContent }>;
}

/** The OpenAPI document: its paths, each with an operation per method. */
export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, Partial<Record<string, OpenApiOperation>>>;
}
