/**
 * The invariant projectMcp keeps (docs/mcp.md): whatever a server answers, as a value, as text or
 * inside a JSON-RPC response, the package projectMcp makes is one validateResult accepts under the
 * same context, every violation has a catalogued code, and nothing of a text block reaches the
 * model but what structuredContent says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pinMcpTools, VIOLATION_CODES } from '../src/core/index.ts';
import { callToolResult, cleanCallToolResult } from './support/mcpResults.ts';
import { contextOf, dispatcher, listing, pinning } from './support/mcpTools.ts';

const SEED = 20260719;
const CONTEXTS = ['get_order.paid', 'create_refund_draft.created', 'search_kb.hits', 'search_kb.empty'].map(contextOf);
const codes = new Set<string>(VIOLATION_CODES);

/** Candidate data for a context: its scenario's own data, a mutation of it, or any JSON object. */
const structuredFor = (i: number) => {
  const ctx = CONTEXTS[i] as (typeof CONTEXTS)[number];
  const args = ctx.arguments as Record<string, unknown>;
  const good: Record<string, Record<string, unknown>> = {
    get_order: { order_ref: args.order_ref, status: 'paid' },
    create_refund_draft: { draft_ref: 'DRAFT-9', order_ref: args.order_ref, reason: args.reason },
    search_kb: { query: args.query, hits: [] },
  };
  const own = good[ctx.tool] as Record<string, unknown>;
  return fc.oneof(
    fc.constant(own),
    fc.constant(own),
    fc.tuple(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => ({ ...own, [k]: v })),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })),
  );
};

const poisoned = (() => {
  const list = listing();
  for (const t of list.tools) t.description = 'changed';
  return pinMcpTools(list, dispatcher);
})();

const arbitraryCall = fc
  .nat(CONTEXTS.length - 1)
  .chain((i) =>
    fc.tuple(
      fc.constant(i),
      fc.oneof(callToolResult(structuredFor(i)), cleanCallToolResult(structuredFor(i))),
      fc.constantFrom('value', 'text', 'rpc'),
      fc.constantFrom(pinning, pinning, pinning, poisoned),
    ),
  );

describe('projectMcp: properties', () => {
  it('never throws, and what it makes validates under the same context', () => {
    let succeeded = 0;
    fc.assert(
      fc.property(arbitraryCall, ([i, result, form, pins]) => {
        const ctx = CONTEXTS[i] as (typeof CONTEXTS)[number];
        const message =
          form === 'value'
            ? result
            : form === 'text'
              ? JSON.stringify(result)
              : JSON.stringify({ jsonrpc: '2.0', id: 1, result });
        const pkg = dispatcher.projectMcp(message, ctx, pins);
        const report = dispatcher.validateResult(pkg, ctx);
        expect(report.violations).toEqual([]);
        for (const v of pkg.protected_audit.violations) expect(codes.has(v.code)).toBe(true);
        if (pkg.model_result.status === 'succeeded') {
          succeeded++;
          expect(pkg.model_result.data).toEqual((result as { structuredContent?: unknown }).structuredContent);
          expect((result as { isError?: unknown }).isError === true).toBe(false);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(succeeded).toBeGreaterThan(10);
  });
});
