/**
 * A runtime typed from its tool's spec (docs/control-plane.md#runtimes): `run` receives the arguments as the input
 * schema parses them and must answer a handler output whose `data` is the output schema's, so a typo in `kind`, a
 * missing provenance or a refund without its `refund_ref` does not compile; a write must declare `queryStatus` and
 * `landing_ms`. The plane still checks every answer at run time: types are the engineer's first reader, not the
 * contract's enforcement.
 *
 * @example
 * const runtimes = {
 *   issue_refund: defineRuntime(issueRefund, {
 *     async run(args, ctx) {
 *       const r = await payments.refund(args.invoice_ref, args.amount_cents, ctx.idempotency_key, ctx.signal);
 *       return succeeded({ refund_ref: r.id, ...args }, provenanceOf(r), { receipt_ref: r.receipt });
 *     },
 *     queryStatus: async (ctx) => lookUp(ctx.idempotency_key),
 *     landing_ms: 10_000,
 *   }),
 * };
 */
import type { z } from 'zod/mini';
import type { ErrorCode, ToolSpec } from '../core/index.ts';
import type { RunContext, ToolRuntime } from './runtime.ts';

/** The arguments `run` receives: the input schema's output (defaults applied). */
export type ArgsOf<T extends ToolSpec> = z.core.output<T['input']>;
/** What a success's `data` must be: the output schema's input. */
export type DataOf<T extends ToolSpec> = z.core.input<T['output']>;

/** Where a success's data came from (docs/contract.md#the-handler-output-format). */
export interface Provenance {
  source_label: string;
  producer_revision: string;
  resource_revision: string;
  /** UTC RFC 3339 with Z. */
  observed_at: string;
}

/** Opaque downstream references: recorded in protected_audit only, never shown to the model. */
export interface Downstream {
  request_ref?: string | null;
  receipt_ref?: string | null;
  status_ref?: string | null;
}

/** The handler output format, with `data` typed as the tool's. */
export type HandlerOutputOf<T extends ToolSpec> =
  | { kind: 'success'; data: DataOf<T>; provenance: Provenance; truncated?: boolean; downstream?: Downstream }
  | {
      kind: 'error';
      error: { code: ErrorCode; retry_after_ms?: number };
      observed_at?: string;
      downstream?: Downstream;
    }
  | { kind: 'exception'; detail?: string; downstream?: Downstream };

/**
 * A write must say how to ask the downstream and how long a request may still land; a read may not need either.
 * The members every runtime has are written here, not in a helper type, so the public declaration names only what
 * the package exports.
 */
export type TypedRuntime<T extends ToolSpec> = {
  run: (args: ArgsOf<T>, ctx: RunContext) => Promise<HandlerOutputOf<T>> | HandlerOutputOf<T>;
  approval?: 'required';
  /** The arguments that name the intent: names of the input's members. */
  idempotency_fields?: readonly (keyof ArgsOf<T> & string)[];
  /** The arguments a person confirms when the model read their value only in a result's data (docs/argument-provenance.md). */
  trusted_arguments?: readonly (keyof ArgsOf<T> & string)[];
  deadline_ms?: number;
} & (T['effect'] extends 'write'
  ? {
      queryStatus(ctx: RunContext): Promise<StatusAnswerOf<T>> | StatusAnswerOf<T>;
      landing_ms: number;
    }
  : unknown);

/** A status answer whose committed output is this tool's. */
export type StatusAnswerOf<T extends ToolSpec> =
  { state: 'committed'; handler_output: HandlerOutputOf<T> } | { state: 'not_started' } | { state: 'unknown' };

/**
 * The runtime as the plane takes it: the same object, its types checked against `spec`. `createControlPlane` still
 * checks every runtime by name when the plane is made (docs/control-plane.md#names).
 *
 * @example
 * ```ts
 * const runtime = defineRuntime(spec, {
 *   run: async () =>
 *     succeeded(
 *       { invoice_ref: 'INV-42' },
 *       { source_label: 'billing', producer_revision: 'billing-v1', resource_revision: 'inv-42-r1', observed_at: '2026-07-19T00:00:02Z' },
 *     ),
 * });
 * ```
 */
export function defineRuntime<const T extends ToolSpec>(spec: T, runtime: TypedRuntime<T>): ToolRuntime {
  // The spec is the type's source; at run time the plane matches runtimes to tools by the name it is given under.
  void spec;
  return runtime as unknown as ToolRuntime;
}

/**
 * A success: the tool's data, where it came from, and any downstream references for the audit.
 *
 * @example
 * ```ts
 * const output = succeeded(
 *   { invoice_ref: 'INV-42', total_cents: 1299 },
 *   { source_label: 'billing', producer_revision: 'billing-v1', resource_revision: 'inv-42-r1', observed_at: '2026-07-19T00:00:02Z' },
 *   { receipt_ref: 'rcpt-9' }, // the audit's, never the model's
 * );
 * ```
 */
export function succeeded<D>(
  data: D,
  provenance: Provenance,
  downstream?: Downstream,
): { kind: 'success'; data: D; provenance: Provenance; downstream?: Downstream } {
  return downstream === undefined
    ? { kind: 'success', data, provenance }
    : { kind: 'success', data, provenance, downstream };
}

/**
 * A catalog error; `retry_after_ms` only where the catalog requires it (RATE_LIMIT, TIMEOUT_BEFORE_EXECUTE).
 *
 * @example
 * ```ts
 * const busy = failed('RATE_LIMIT', 2_000); // the catalog requires retry_after_ms for RATE_LIMIT
 * const missing = failed('NOT_FOUND');
 * ```
 */
export function failed(
  code: ErrorCode,
  retry_after_ms?: number,
): { kind: 'error'; error: { code: ErrorCode; retry_after_ms?: number } } {
  return { kind: 'error', error: retry_after_ms === undefined ? { code } : { code, retry_after_ms } };
}
