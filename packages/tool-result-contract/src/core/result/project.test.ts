import { describe, expect, it } from 'vitest';
import { canonicalize } from '../json/canonical.ts';
import { project, projectDetailed } from './project.ts';
import type { Scenario } from './scenario.ts';
import { TrustedContextError, type TrustedContext } from './trustedContext.ts';
import { validateResult } from './validateResult.ts';
import { utf8Length } from '../json/text.ts';
import { findScenario, scenarios, chapterTools } from '../../../../../src/chapter/index.ts';

const s = (id: string) => findScenario(id) as Scenario;
const codes = (h: unknown, t: TrustedContext) =>
  projectDetailed(h, t, chapterTools).violations.map((v) => `${v.code} ${v.path}`);

describe('every scenario', () => {
  const expected: Record<string, string> = {
    'search_kb.hits': 'succeeded',
    'search_kb.empty': 'succeeded',
    'search_kb.no_access': 'NOT_FOUND',
    'search_kb.rate_limited': 'RATE_LIMIT',
    'search_kb.truncated': 'succeeded',
    'search_kb.injection': 'succeeded',
    'search_kb.token_leak': 'OUTPUT_CONTRACT_VIOLATION',
    'search_kb.hostile_text': 'succeeded',
    'get_order.paid': 'succeeded',
    'get_order.local_replay': 'succeeded',
    'get_order.keyed': 'succeeded',
    'get_order.tool_exception': 'TOOL_ERROR',
    'create_refund_draft.created': 'succeeded',
    'create_refund_draft.receipt_reconciled': 'succeeded',
    'create_refund_draft.outcome_unknown': 'OUTCOME_UNKNOWN',
    'create_refund_draft.status_injected': 'OUTPUT_CONTRACT_VIOLATION',
  };
  it('covers the ids of docs/scenarios.md#the-built-in-scenarios', () =>
    expect(scenarios.map((x) => x.id).sort()).toEqual(Object.keys(expected).sort()));
  it.each(scenarios.map((x) => [x.id, x] as const))('%s projects to the expected result and validates', (id, sc) => {
    const pkg = project(sc.handler_output, sc.context, chapterTools);
    expect(pkg.model_result.error?.code ?? pkg.model_result.status).toBe(expected[id]);
    expect(validateResult(pkg, sc.context, chapterTools)).toEqual({ ok: true, violations: [] });
  });
});

describe('projection rules', () => {
  it('the chapter success example, field for field', () => {
    expect(project(s('get_order.paid').handler_output, s('get_order.paid').context, chapterTools).model_result).toEqual(
      {
        schema_version: 'tool-model-result-v2',
        status: 'succeeded',
        data: { order_ref: 'ORDER-7', status: 'paid' },
        error: null,
        execution: { outcome: 'committed', delivery: 'fresh', complete: true, truncated: false },
        provenance: {
          source_label: 'orders',
          producer_revision: 'orders-mock-v2',
          resource_revision: 'order-7-r3',
          observed_at: '2026-07-19T00:00:00Z',
          trust: 'untrusted_data',
        },
      },
    );
  });
  it('neither projection embeds the other; receipts and the principal go to the audit only', () => {
    const sc = s('create_refund_draft.created');
    const pkg = project(sc.handler_output, sc.context, chapterTools);
    const model = canonicalize(pkg.model_result);
    for (const secret of [
      'rcpt_9f8e7d6c5b4a',
      'tenant-acme-retail',
      'user-7f3a9c21',
      pkg.protected_audit.principal_ref,
      'protected_audit',
    ])
      expect(model).not.toContain(secret);
    expect(canonicalize(pkg.protected_audit)).not.toContain('model_result');
    expect(pkg.protected_audit.downstream.receipt_ref).toBe('rcpt_9f8e7d6c5b4a');
    expect(pkg.protected_audit.redactions).toEqual([
      { path: '/principal', reason: 'principal_replaced_by_principal_ref' },
      { path: '/downstream/request_ref', reason: 'downstream_reference' },
      { path: '/downstream/receipt_ref', reason: 'internal_receipt' },
    ]);
  });
  it('a write tool’s contract error has outcome unknown; a read tool’s not_started', () => {
    const w = project(
      s('create_refund_draft.status_injected').handler_output,
      s('create_refund_draft.status_injected').context,
      chapterTools,
    ).model_result;
    expect([w.status, w.execution.outcome, w.error?.recovery]).toEqual(['unknown', 'unknown', 'human_review']);
    const r = project(
      s('search_kb.token_leak').handler_output,
      s('search_kb.token_leak').context,
      chapterTools,
    ).model_result;
    expect([r.status, r.execution.outcome]).toEqual(['failed', 'not_started']);
    expect(r.provenance).toMatchObject({
      source_label: 'dispatcher',
      producer_revision: 'dispatcher-v1',
      resource_revision: null,
      trust: 'trusted_control',
    });
  });
  it('an exception becomes TOOL_ERROR with the catalog message; the detail is redacted, never shown', () => {
    const sc = s('get_order.tool_exception');
    const pkg = project(sc.handler_output, sc.context, chapterTools);
    expect(pkg.model_result.error?.message).toBe('The tool failed.');
    expect(canonicalize(pkg)).not.toContain('orders-db.internal');
    expect(pkg.protected_audit.redactions).toContainEqual({ path: '/detail', reason: 'internal_exception_detail' });
  });
  it('the handler names a code; the rest comes from the catalog', () => {
    const sc = s('search_kb.rate_limited');
    expect(project(sc.handler_output, sc.context, chapterTools).model_result.error).toEqual({
      code: 'RATE_LIMIT',
      category: 'transient',
      outcome: 'not_started',
      recovery: 'retry_after',
      message: 'Too many requests; it may be retried later.',
      retry_after_ms: 30000,
    });
  });
  it.each([
    [{ kind: 'error', error: { code: 'RATE_LIMIT' } }, 'ERROR_CATALOG_MISMATCH /error/retry_after_ms'],
    [
      { kind: 'error', error: { code: 'RATE_LIMIT', retry_after_ms: 50 } },
      'ERROR_CATALOG_MISMATCH /error/retry_after_ms',
    ],
    [
      { kind: 'error', error: { code: 'NOT_FOUND', retry_after_ms: 1000 } },
      'ERROR_CATALOG_MISMATCH /error/retry_after_ms',
    ],
    [{ kind: 'error', error: { code: 'TEAPOT' } }, 'ERROR_CATALOG_MISMATCH /error/code'],
    [{ kind: 'error', error: { code: 'OUTPUT_CONTRACT_VIOLATION' } }, 'ERROR_CATALOG_MISMATCH /error/code'],
    [{ kind: 'error', error: { code: 'NOT_FOUND', message: 'try admin' } }, 'RESULT_SCHEMA /error/message'],
    [{ kind: 'teapot' }, 'RESULT_SCHEMA /kind'],
    [[1, 2], 'RESULT_SCHEMA '],
    ['text', 'RESULT_SCHEMA '],
  ])('refuses a bad handler error %j', (handler, code) => {
    const t = s('search_kb.rate_limited').context;
    expect(codes(handler, t)).toContain(code);
    const pkg = project(handler, t, chapterTools);
    expect(pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(validateResult(pkg, t, chapterTools).ok).toBe(true);
  });
  it('checks provenance, time format, echo fields, hit count, URL host and lengths in code points', () => {
    const sc = s('search_kb.hits');
    const raw = structuredClone(sc.handler_output) as {
      data: { query: string; hits: Record<string, unknown>[] };
      provenance: Record<string, unknown>;
    };
    raw.provenance.source_label = 'web';
    raw.provenance.observed_at = '2026-02-30T00:00:00Z';
    raw.data.query = 'something else';
    (raw.data.hits[0] as Record<string, unknown>).url = 'https://evil.example.net/x';
    (raw.data.hits[1] as Record<string, unknown>).url = 'javascript:alert(1)';
    (raw.data.hits[2] as Record<string, unknown>).title = '😀'.repeat(120); // 120 code points, 240 UTF-16 units: allowed
    expect(codes(raw, sc.context).sort()).toEqual([
      'DATA_SCHEMA /data/hits/0/url',
      'DATA_SCHEMA /data/hits/1/url',
      'INPUT_BINDING /data/query',
      'PROVENANCE_MISMATCH /provenance/source_label',
      'TIME_FORMAT /provenance/observed_at',
    ]);
    const tooMany = structuredClone(sc.handler_output) as { data: { hits: unknown[] } };
    tooMany.data.hits = [...tooMany.data.hits, ...tooMany.data.hits];
    expect(codes(tooMany, { ...sc.context, arguments: { query: 'refund policy', top_k: 5 } })).toEqual([
      'DATA_SCHEMA /data/hits/5',
    ]);
  });
  it('rejects numeric strings and string booleans (real JSON types)', () => {
    const sc = s('search_kb.truncated');
    expect(codes({ ...(sc.handler_output as object), truncated: 'true' }, sc.context)).toEqual([
      'RESULT_SCHEMA /truncated',
    ]);
  });
  it('a string containing this call’s id is AUDIT_LEAK', () => {
    const sc = s('search_kb.hits');
    const raw = structuredClone(sc.handler_output) as { data: { hits: Record<string, unknown>[] } };
    (raw.data.hits[0] as Record<string, unknown>).snippet = `see ${sc.context.call.call_id}`;
    expect(codes(raw, sc.context)).toEqual(['AUDIT_LEAK /data/hits/0/snippet']);
  });
  it('depth: more than 8 levels of model_result is DEPTH_LIMIT, reported instead of the shape', () => {
    const sc = s('get_order.paid');
    let deep: unknown = 'x';
    for (let i = 0; i < 7; i++) deep = { n: deep };
    const raw = { ...(sc.handler_output as object), data: { order_ref: 'ORDER-7', status: 'paid', extra: deep } };
    expect(codes(raw, sc.context)).toEqual(['DEPTH_LIMIT /data/extra/n/n/n/n/n/n']);
  });
  it('size: trailing hits are dropped to fit 16 KiB, recorded, and marked truncated', () => {
    const sc = s('search_kb.hits');
    const hit = (i: number) => ({
      doc_ref: `KB-${i}`,
      title: '标'.repeat(120),
      snippet: '\u0001'.repeat(500),
      url: `https://kb.example.com/${'a'.repeat(1500)}`,
    });
    const raw = {
      ...(sc.handler_output as object),
      data: { query: 'refund policy', hits: Array.from({ length: 5 }, (_, i) => hit(i)) },
    };
    const pkg = project(raw, sc.context, chapterTools);
    const mr = pkg.model_result;
    expect(mr.status).toBe('succeeded');
    expect(mr.execution).toMatchObject({ truncated: true, complete: false });
    const kept = (mr.data as { hits: unknown[] }).hits.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(5);
    expect(utf8Length(canonicalize(mr))).toBeLessThanOrEqual(16384);
    expect(
      pkg.protected_audit.redactions.filter((r) => r.reason === 'dropped_to_fit_size_limit').map((r) => r.path),
    ).toEqual(Array.from({ length: 5 - kept }, (_, i) => `/data/hits/${4 - i}`));
    expect(validateResult(pkg, sc.context, chapterTools).ok).toBe(true);
  });
  it('a tool that returns no list cannot claim truncation', () => {
    const sc = s('get_order.paid');
    expect(codes({ ...(sc.handler_output as object), truncated: true }, sc.context)).toEqual([
      'RESULT_SCHEMA /truncated',
    ]);
  });
  it('unknown tool and invalid arguments are answered by the dispatcher, whatever the handler says', () => {
    const sc = s('get_order.paid');
    const unknown = project(sc.handler_output, { ...sc.context, tool: 'delete_everything' }, chapterTools);
    expect(unknown.model_result.error?.code).toBe('UNKNOWN_TOOL');
    expect(unknown.protected_audit.tool_contract).toEqual({
      tool: 'delete_everything',
      input_revision: null,
      output_revision: null,
      effect_revision: null,
      handler_revision: null,
      producer_revision: null,
      policy_revision: null,
    });
    expect(validateResult(unknown, { ...sc.context, tool: 'delete_everything' }, chapterTools).ok).toBe(true);
    const bad = project(sc.handler_output, { ...sc.context, arguments: { order_ref: 'ORDER-x' } }, chapterTools);
    expect(bad.model_result.error?.code).toBe('INVALID_ARGUMENTS');
    expect(validateResult(bad, { ...sc.context, arguments: { order_ref: 'ORDER-x' } }, chapterTools).ok).toBe(true);
  });
  it('observed_at: the handler’s when valid, the trusted now for dispatcher results', () => {
    const sc = s('get_order.tool_exception');
    expect(project(sc.handler_output, sc.context, chapterTools).model_result.provenance.observed_at).toBe(
      sc.context.now,
    );
    expect(
      project(s('search_kb.no_access').handler_output, s('search_kb.no_access').context, chapterTools).model_result
        .provenance.observed_at,
    ).toBe('2026-07-19T00:00:03Z');
  });
  it('refuses a malformed trusted context with a typed error', () => {
    const sc = s('get_order.paid');
    expect(() => project(sc.handler_output, { ...sc.context, now: 'yesterday' }, chapterTools)).toThrow(
      TrustedContextError,
    );
    expect(() => project(sc.handler_output, { ...sc.context, key: { id: 'k', secret: 'abcd' } }, chapterTools)).toThrow(
      /at least 32 bytes/,
    );
  });
  it('is deterministic: the same inputs give the same package', () => {
    const sc = s('search_kb.hits');
    expect(canonicalize(project(sc.handler_output, sc.context, chapterTools))).toBe(
      canonicalize(project(structuredClone(sc.handler_output), structuredClone(sc.context), chapterTools)),
    );
  });
});

describe('an audit value anywhere in model_result is a contract violation at projection', () => {
  type Raw = { provenance: Record<string, unknown>; downstream?: Record<string, unknown>; observed_at?: string };
  const edited = (id: string, edit: (raw: Raw) => void) => {
    const sc = s(id);
    const raw = structuredClone(sc.handler_output) as Raw;
    edit(raw);
    const { pkg, violations } = projectDetailed(raw, sc.context, chapterTools);
    return { sc, pkg, violations: violations.map((v) => `${v.code} ${v.path}`) };
  };

  it('the idempotency key as a read tool’s resource_revision: OUTPUT_CONTRACT_VIOLATION, not_started, the place in the audit', () => {
    const { sc, pkg, violations } = edited('get_order.paid', (raw) => {
      raw.provenance.resource_revision = s('get_order.paid').context.call.idempotency_key;
    });
    expect(violations).toEqual(['AUDIT_LEAK /provenance/resource_revision']);
    expect(pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect([pkg.model_result.status, pkg.model_result.execution.outcome]).toEqual(['failed', 'not_started']);
    expect(pkg.protected_audit.violations).toEqual([{ code: 'AUDIT_LEAK', path: '/provenance/resource_revision' }]);
    expect(validateResult(pkg, sc.context, chapterTools)).toEqual({ ok: true, violations: [] });
  });
  it('a write tool’s receipt id as its resource_revision: outcome unknown, the receipt still in the audit', () => {
    const { sc, pkg, violations } = edited('create_refund_draft.created', (raw) => {
      raw.provenance.resource_revision = 'rcpt_9f8e7d6c5b4a';
    });
    expect(violations).toEqual(['AUDIT_LEAK /provenance/resource_revision']);
    expect([pkg.model_result.error?.code, pkg.model_result.status, pkg.model_result.execution.outcome]).toEqual([
      'OUTPUT_CONTRACT_VIOLATION',
      'unknown',
      'unknown',
    ]);
    expect(pkg.protected_audit.downstream.receipt_ref).toBe('rcpt_9f8e7d6c5b4a');
    expect(validateResult(pkg, sc.context, chapterTools).ok).toBe(true);
  });
  it('an id in the fraction of an error’s observed_at: the handler’s place, and the trusted now instead', () => {
    const sc = s('search_kb.no_access');
    const context = { ...sc.context, principal: { ...sc.context.principal, subject: '12345678' } };
    const raw = { ...(sc.handler_output as object), observed_at: '2026-07-19T00:00:03.12345678Z' };
    const { pkg, violations } = projectDetailed(raw, context, chapterTools);
    expect(violations.map((v) => `${v.code} ${v.path}`)).toEqual(['AUDIT_LEAK /observed_at']);
    expect(pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(pkg.model_result.provenance.observed_at).toBe(context.now);
    expect(validateResult(pkg, context, chapterTools).ok).toBe(true);
  });
  it('a downstream ref that is a word every model_result has is withheld from the audit, which says where', () => {
    for (const word of ['provenance', 'dispatcher-v1', '2026-07-19']) {
      const { sc, pkg, violations } = edited('get_order.tool_exception', (raw) => {
        raw.downstream = { status_ref: word };
      });
      expect(violations, word).toEqual(['AUDIT_LEAK /downstream/status_ref']);
      expect(pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
      expect(pkg.protected_audit.downstream.status_ref).toBeNull();
      expect(validateResult(pkg, sc.context, chapterTools).ok).toBe(true);
    }
  });
  it('a call id written into a hit that would be cut to fit is still the handler’s leak', () => {
    const sc = s('search_kb.hits');
    const hit = (i: number) => ({
      doc_ref: `KB-${i}`,
      title: '标'.repeat(120),
      snippet: i === 4 ? `see ${sc.context.call.call_id}` : '\u0001'.repeat(500),
      url: `https://kb.example.com/${'a'.repeat(1500)}`,
    });
    const raw = {
      ...(sc.handler_output as object),
      data: { query: 'refund policy', hits: Array.from({ length: 5 }, (_, i) => hit(i)) },
    };
    expect(codes(raw, sc.context)).toEqual(['AUDIT_LEAK /data/hits/4/snippet']);
  });
});

describe('the projection is its own object', () => {
  it('model_result shares nothing with the handler output, and is plain data the caller may change', () => {
    const sc = findScenario('search_kb.hits') as Scenario;
    const raw = structuredClone(sc.handler_output) as { data: { hits: { title: string }[] } };
    const pkg = project(raw, sc.context, chapterTools);
    const before = canonicalize(pkg.model_result);
    (raw.data.hits[0] as { title: string }).title = 'changed after projection';
    expect(canonicalize(pkg.model_result)).toBe(before);
    expect(Object.isFrozen(raw.data)).toBe(false);
    expect(validateResult(pkg, sc.context, chapterTools).ok).toBe(true);
    (pkg.model_result.data as { hits: { title: string }[] }).hits[0]!.title = 'changed by the caller';
    expect(canonicalize(raw.data)).not.toContain('changed by the caller');
    expect(validateResult(pkg, sc.context, chapterTools).violations.map((v) => v.code)).toContain(
      'RESULT_DIGEST_MISMATCH',
    );
  });
});

describe('hostile trusted contexts are refused with a place, never a crash', () => {
  const sc = findScenario('get_order.paid') as Scenario;
  it.each([
    [
      'a lone surrogate in the call id',
      { ...sc.context, call: { ...sc.context.call, call_id: 'call_\ud800' } },
      '/call/call_id',
    ],
    [
      'a control character in the tenant',
      { ...sc.context, principal: { ...sc.context.principal, tenant: 'a\u0000b' } },
      '/principal/tenant',
    ],
    ['non-JSON arguments', { ...sc.context, arguments: { order_ref: new Date(0) } }, '/arguments'],
  ])('%s', (_name, ctx, path) => {
    expect(() => project(sc.handler_output, ctx as TrustedContext, chapterTools)).toThrow(TrustedContextError);
    const r = validateResult(project(sc.handler_output, sc.context, chapterTools), ctx as TrustedContext, chapterTools);
    expect(r.ok).toBe(false);
    expect(r.violations.map((v) => v.path)).toContain(`#context${path}`);
  });
});
