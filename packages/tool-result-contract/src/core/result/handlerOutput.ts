/**
 * The raw handler output format (this project's own, as the contract leaves it; docs/contract.md#the-handler-output-format).
 * A handler reports one of three things, tagged by `kind`:
 *
 * - `success`: its `data` and the provenance it claims, optionally `truncated`;
 * - `error`: a catalog code and, where the catalog requires it, `retry_after_ms`;
 * - `exception`: it crashed; `detail` (a stack trace, say) is recorded as
 *   redacted and never reaches the model.
 *
 * `downstream` carries opaque references for the audit only. The layout mirrors
 * model_result (`/data`, `/provenance/...`) so a violation's pointer names the
 * same place in the editor and in the projection.
 */
import { z } from 'zod/mini';
import { isRfc3339Utc } from '../json/time.ts';
import { RESOURCE_REVISION } from '../tables/registry.ts';

/** Opaque downstream reference: printable ASCII without spaces, 1–128 characters. */
export const DOWNSTREAM_REF = /^[\x21-\x7e]{1,128}$/;

const downstreamRef = z.optional(
  z.nullable(z.string().check(z.regex(DOWNSTREAM_REF, 'must be 1–128 printable ASCII characters without spaces'))),
);

const downstream = z
  .optional(
    z.strictObject({
      request_ref: downstreamRef.check(z.describe('Downstream request reference. Audit only.')),
      receipt_ref: downstreamRef.check(z.describe('Internal receipt: audit only, never shown to the model.')),
      status_ref: downstreamRef.check(z.describe('Reference for a later status query. Audit only.')),
    }),
  )
  .check(z.describe('Opaque downstream references, recorded in protected_audit only.'));

const observedAt = z.string().check(
  z.refine(isRfc3339Utc, {
    message: 'must be UTC RFC 3339 with Z, e.g. 2026-07-19T00:00:00Z',
    params: { constraint: 'rfc3339_utc' },
  }),
  z.describe('When the data was observed, UTC RFC 3339 with Z.'),
);

/** The envelope; `data` is a parameter so the JSON Schema for hovers can show the tool's own contract. */
export function handlerOutputSchema(data: z.core.$ZodType) {
  return z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z
        .literal('success')
        .check(z.describe('The handler says it succeeded; the dispatcher still checks everything.')),
      data,
      provenance: z.strictObject({
        source_label: z.string().check(z.describe("Must equal the registry's source label.")),
        producer_revision: z.string().check(z.describe("Must equal the registry's producer revision.")),
        resource_revision: z
          .string()
          .check(
            z.regex(RESOURCE_REVISION, 'must be 1–64 characters of [A-Za-z0-9._:-]'),
            z.describe('Version of the external resource, for freshness and concurrency.'),
          ),
        observed_at: observedAt,
      }),
      truncated: z.optional(z.boolean()).check(z.describe('The handler itself cut the list short.')),
      downstream,
    }),
    z.strictObject({
      kind: z.literal('error'),
      error: z.strictObject({
        code: z
          .string()
          .check(z.describe('A code from the fixed error catalog; everything else comes from the catalog.')),
        retry_after_ms: z
          .optional(z.number().check(z.int()))
          .check(z.describe('Only for RATE_LIMIT and TIMEOUT_BEFORE_EXECUTE: 100–600000.')),
      }),
      observed_at: z.optional(observedAt),
      downstream,
    }),
    z.strictObject({
      kind: z.literal('exception'),
      detail: z
        .optional(z.string())
        .check(z.describe('Internal detail (a stack trace): redacted, never shown to the model.')),
      downstream,
    }),
  ]);
}

/** Validation uses `data: unknown` here; the tool contract checks data itself, so its faults are DATA_SCHEMA. */
export const HandlerEnvelopeSchema = handlerOutputSchema(z.unknown());
