import * as z from 'zod';
import type { FaultAction } from '../kernel/db/schema';
import { documentedAs } from '../kernel/http/documented';
import { MAX_LATENCY_MS } from '../kernel/http/middleware';
import { parseNested } from '../kernel/http/validation';
import { unusablePath } from './rules';

const statusAction = z.strictObject({
  status: z.int().min(400).max(599),
  body: z
    .unknown()
    .optional()
    .describe('Any JSON, answered instead of the spec’s error body for the status'),
});
const delayAction = z.strictObject({
  delayMs: z.int().min(1).max(MAX_LATENCY_MS).describe('Waits this long, then runs the operation'),
});
const dropAction = z.strictObject({
  drop: z.literal(true).describe('Closes the connection without an answer'),
});

const ACTIONS = 'one of { status, body? }, { delayMs } or { drop: true }';

/** The variant is chosen by its key, so a 400 names the member at fault rather than "invalid". */
const actionSchema = documentedAs(
  z.unknown().transform((value, ctx): FaultAction => {
    const chosen =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (['status', 'delayMs', 'drop'] as const).find((key) => key in value)
        : undefined;
    if (chosen === 'status') return parseNested(statusAction, value, ctx, 'takes status, body');
    if (chosen === 'delayMs') return parseNested(delayAction, value, ctx, 'takes delayMs');
    if (chosen === 'drop') return parseNested(dropAction, value, ctx, 'takes drop');
    ctx.addIssue({ code: 'custom', message: `must be ${ACTIONS}`, input: value });
    return z.NEVER;
  }),
  z.union([statusAction, delayAction, dropAction]),
);

const methodSchema = z.enum(['GET', 'POST', 'PATCH', 'DELETE']);

const pathSchema = z
  .string()
  .max(500)
  .regex(
    /^(\/(\*|[^/*\s?#]+))+$/,
    'must be a path such as /v1/charges, * standing for one segment (/v1/charges/*/refund)',
  )
  .superRefine((path, ctx) => {
    const why = unusablePath(path);
    if (why !== undefined) ctx.addIssue({ code: 'custom', message: why, input: path });
  });

/** `POST /sandbox/faults`. */
export const newFaultBody = z.strictObject({
  method: methodSchema.optional().describe('Absent: any method'),
  path: pathSchema,
  action: actionSchema,
  probability: z.number().gt(0).max(1).default(1).describe('Chance each matching request meets it'),
  times: z
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe('Answers this many, then applies no more'),
  seed: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The same sequence of requests meets the same faults'),
});
export type NewFault = z.output<typeof newFaultBody>;

/** A rule as the API shows it: what was asked (absent options as null) and its hits. */
export const faultSchema = z.strictObject({
  id: z.string(),
  method: methodSchema.nullable(),
  path: z.string(),
  action: z.union([statusAction, delayAction, dropAction]),
  probability: z.number(),
  times: z.int().nullable(),
  seed: z.string().nullable(),
  hits: z.int().min(0).describe('Requests it answered'),
});
export type FaultWire = z.output<typeof faultSchema>;

export const faultListSchema = z.strictObject({ data: z.array(faultSchema) });

export const deletedFaultSchema = z.strictObject({ id: z.string(), deleted: z.literal(true) });

export const deletedFaultsSchema = z.strictObject({
  deleted: z.int().min(0).describe('Rules removed'),
});
