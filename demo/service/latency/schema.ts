import * as z from 'zod';
import { MAX_MERCHANT_LATENCY_MS } from './rules';

export const latencyBody = z.strictObject({ ms: z.int().min(0).max(MAX_MERCHANT_LATENCY_MS) });

/** `GET` and `PUT /sandbox/latency`: the delay the key's merchant's requests meet. */
export const latencyAnswerSchema = z.strictObject({ ms: z.int().min(0) });
