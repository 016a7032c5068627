/**
 * `model_result` (docs/contract.md#model-result), the only projection a model may read. A finite
 * status, data or a catalog error, execution facts and minimal provenance;
 * no principal, no ids, no receipts, no digests.
 */
import { z } from 'zod/mini';
import type { ErrorCategory, Outcome, Recovery } from '../tables/errorCatalog.ts';
import type { Delivery } from './trustedContext.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import { DELIVERIES } from './trustedContext.ts';
import { isRfc3339Utc } from '../json/time.ts';

export const MODEL_RESULT_VERSION = 'tool-model-result-v2' satisfies ModelResult['schema_version'];

export type ResultStatus = 'succeeded' | 'failed' | 'unknown';

export interface ModelError {
  code: string;
  category: ErrorCategory;
  outcome: Outcome;
  recovery: Recovery;
  message: string;
  retry_after_ms: number | null;
}

export interface ModelResult {
  // The literal, not `typeof MODEL_RESULT_VERSION`: the public declaration then names no unexported constant.
  schema_version: 'tool-model-result-v2';
  status: ResultStatus;
  data: { [key: string]: JsonValue } | null;
  error: ModelError | null;
  execution: { outcome: Outcome; delivery: Delivery; complete: boolean; truncated: boolean };
  provenance: {
    source_label: string;
    producer_revision: string;
    resource_revision: string | null;
    observed_at: string;
    trust: 'untrusted_data' | 'trusted_control';
  };
}

/**
 * The envelope's exact shape. `data` is only required to be an object here:
 * its contents are the tool's own contract, checked separately so that its
 * faults are reported as DATA_SCHEMA, and the error against the catalog.
 */
export const ModelResultSchema = z.strictObject({
  schema_version: z.literal(MODEL_RESULT_VERSION),
  status: z.enum(['succeeded', 'failed', 'unknown']),
  data: z.nullable(z.record(z.string(), z.unknown())),
  error: z.nullable(
    z.strictObject({
      code: z.string(),
      category: z.string(),
      outcome: z.string(),
      recovery: z.string(),
      message: z.string(),
      retry_after_ms: z.nullable(z.number().check(z.int())),
    }),
  ),
  execution: z.strictObject({
    outcome: z.enum(['not_started', 'committed', 'unknown']),
    delivery: z.enum(DELIVERIES),
    complete: z.boolean(),
    truncated: z.boolean(),
  }),
  provenance: z.strictObject({
    source_label: z.string(),
    producer_revision: z.string(),
    resource_revision: z.nullable(z.string()),
    observed_at: z
      .string()
      .check(z.refine(isRfc3339Utc, { message: 'must be UTC RFC 3339 with Z', params: { constraint: 'rfc3339_utc' } })),
    trust: z.enum(['untrusted_data', 'trusted_control']),
  }),
});
