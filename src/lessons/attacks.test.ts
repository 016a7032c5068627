/**
 * docs/scenarios.md#attacks: one test per attack, asserting the exact violation codes (as a
 * set, with their places) that the real checks produce. The expected codes
 * are written out here, not read from ATTACKS, so the table can't vouch for itself.
 */
import { describe, expect, it } from 'vitest';
import { attackApplies, runAttack, type AttackId } from './attacks.ts';
import type { Scenario } from '#lib/core/result/index.ts';
import { AdapterRefusedError, toProviderItem } from '#lib/core/lastHop/index.ts';
import { validateResult } from '#lib/core/result/index.ts';
import { findScenario, chapterTools } from '../chapter/index.ts';

const run = (id: AttackId, scenario: string) => runAttack(id, findScenario(scenario) as Scenario);
const codes = (vs: { code: string; path: string }[]) => vs.map((v) => `${v.code} ${v.path}`).sort();

describe('package attacks: validateResult rejects with these exact codes', () => {
  const RESULT_AND_CALL = [
    'CALL_BINDING_MISMATCH /protected_audit/binding/call_binding_sha256',
    'RESULT_DIGEST_MISMATCH /protected_audit/binding/result_sha256',
  ];
  it('A1 swap model_result between calls → RESULT_DIGEST_MISMATCH and the call binding over it', () => {
    const r = run('A1', 'search_kb.hits');
    expect(r.other).toBeDefined();
    expect(r.tampered.pkg.model_result).not.toEqual(r.victim.pkg.model_result);
    expect(codes(r.report.violations)).toEqual(RESULT_AND_CALL);
  });
  it('A1 also on an error result (rate limited)', () => {
    expect(codes(run('A1', 'search_kb.rate_limited').report.violations)).toEqual(RESULT_AND_CALL);
  });
  it('A2 move a whole package to another call → AUDIT_CONTEXT_MISMATCH, CALL_BINDING_MISMATCH', () => {
    const r = run('A2', 'search_kb.hits');
    expect(codes(r.report.violations)).toEqual([
      'AUDIT_CONTEXT_MISMATCH /protected_audit/operation/idempotency_key',
      'AUDIT_CONTEXT_MISMATCH /protected_audit/operation/operation_id',
      'AUDIT_CONTEXT_MISMATCH /protected_audit/provider_context/call_id',
      'CALL_BINDING_MISMATCH /protected_audit/binding/call_binding_sha256',
    ]);
  });
  it('A3 replace only the idempotency key → CALL_BINDING_MISMATCH, request digest unchanged', () => {
    const r = run('A3', 'create_refund_draft.created');
    expect(codes(r.report.violations)).toEqual(['CALL_BINDING_MISMATCH /protected_audit/binding/call_binding_sha256']);
    expect(r.report.recomputed.request_sha256).toBe(r.victim.pkg.protected_audit.binding.request_sha256);
  });
  it('A4 forge a well-formed digest → the matching *_DIGEST_MISMATCH, for each of the three', () => {
    const r = run('A4', 'get_order.paid');
    expect(r.tampered.pkg.protected_audit.binding.result_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(codes(r.report.violations)).toEqual(['RESULT_DIGEST_MISMATCH /protected_audit/binding/result_sha256']);
    for (const [field, code] of [
      ['request_sha256', 'REQUEST_DIGEST_MISMATCH'],
      ['call_binding_sha256', 'CALL_BINDING_MISMATCH'],
    ] as const) {
      const pkg = structuredClone(r.victim.pkg);
      pkg.protected_audit.binding[field] = 'ab'.repeat(32);
      expect(codes(validateResult(pkg, r.victim.trusted, chapterTools).violations)).toEqual([
        `${code} /protected_audit/binding/${field}`,
      ]);
    }
  });
  it('A5 change one business field → RESULT_DIGEST_MISMATCH (+ call binding)', () => {
    const r = run('A5', 'get_order.paid');
    expect(r.tampered.pkg.model_result.data).toEqual({ order_ref: 'ORDER-7', status: 'refunded' });
    expect(codes(r.report.violations)).toEqual(RESULT_AND_CALL);
  });
  it('A6 change provenance → PROVENANCE_MISMATCH + digests', () => {
    expect(codes(run('A6', 'get_order.paid').report.violations)).toEqual([
      'CALL_BINDING_MISMATCH /protected_audit/binding/call_binding_sha256',
      'PROVENANCE_MISMATCH /model_result/provenance/producer_revision',
      'PROVENANCE_MISMATCH /model_result/provenance/source_label',
      'RESULT_DIGEST_MISMATCH /protected_audit/binding/result_sha256',
    ]);
  });
  it('A7 rewrite the error message and recovery → ERROR_CATALOG_MISMATCH + digests', () => {
    expect(codes(run('A7', 'create_refund_draft.outcome_unknown').report.violations)).toEqual([
      'CALL_BINDING_MISMATCH /protected_audit/binding/call_binding_sha256',
      'ERROR_CATALOG_MISMATCH /model_result/error/message',
      'ERROR_CATALOG_MISMATCH /model_result/error/recovery',
      'RESULT_DIGEST_MISMATCH /protected_audit/binding/result_sha256',
    ]);
  });
  it('A11 storage tamper with recomputed plain digests: passes in sha256 mode, fails in keyed mode', () => {
    const r = run('A11', 'get_order.paid');
    expect(r.tampered.pkg.model_result.data).not.toEqual(r.victim.pkg.model_result.data);
    expect(r.report.ok).toBe(true); // the lesson: a plain digest is not a signature
    expect(r.keyed).toBeDefined();
    expect(codes(r.keyed?.report.violations ?? [])).toEqual([
      'CALL_BINDING_MISMATCH /protected_audit/binding/call_binding_sha256',
      'RESULT_DIGEST_MISMATCH /protected_audit/binding/result_sha256',
    ]);
  });
  it('A12 unregistered adapter revision → UNREGISTERED_ADAPTER, and the adapter refuses', () => {
    const r = run('A12', 'get_order.paid');
    expect(codes(r.report.violations)).toEqual(['UNREGISTERED_ADAPTER /protected_audit/provider_context']);
    expect(() => toProviderItem(r.tampered.pkg, r.tampered.trusted, chapterTools)).toThrow(AdapterRefusedError);
  });
  it('A13 copy principal_ref into model_result → AUDIT_LEAK, RESULT_SCHEMA (+ digests)', () => {
    expect(codes(run('A13', 'search_kb.hits').report.violations)).toEqual([
      'AUDIT_LEAK /model_result/principal_ref',
      'CALL_BINDING_MISMATCH /protected_audit/binding/call_binding_sha256',
      'RESULT_DIGEST_MISMATCH /protected_audit/binding/result_sha256',
      'RESULT_SCHEMA /model_result/principal_ref',
    ]);
  });
});

describe('handler attacks: the projection turns them into OUTPUT_CONTRACT_VIOLATION', () => {
  const contractError = (id: AttackId, scenario: string) => {
    const r = run(id, scenario);
    expect(r.report.ok).toBe(true); // the package is a valid contract error…
    expect(r.tampered.pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION'); // …and the data never reaches the model
    expect(r.tampered.pkg.model_result.data).toBeNull();
    return r.tampered.pkg.protected_audit.violations.map((v) => `${v.code} ${v.path}`).sort();
  };
  it('A8 injected status in refund draft data → DATA_SCHEMA', () => {
    expect(contractError('A8', 'create_refund_draft.created')).toEqual(['DATA_SCHEMA /data/status']);
    const r = run('A8', 'create_refund_draft.created');
    expect(r.tampered.pkg.model_result.status).toBe('unknown'); // a write tool's contract error: outcome unknown
  });
  it('A8 on get_order: data.status exists but "succeeded" is not one of its values → DATA_SCHEMA', () => {
    expect(contractError('A8', 'get_order.paid')).toEqual(['DATA_SCHEMA /data/status']);
  });
  it('A9 nested token → SENSITIVE_FIELD (not DATA_SCHEMA)', () => {
    expect(contractError('A9', 'search_kb.hits')).toEqual(['SENSITIVE_FIELD /data/hits/0/access_token']);
    expect(contractError('A9', 'get_order.paid')).toEqual(['SENSITIVE_FIELD /data/Authorization']);
  });
  it('A10 extra business field → DATA_SCHEMA', () => {
    expect(contractError('A10', 'get_order.paid')).toEqual(['DATA_SCHEMA /data/internal_note']);
  });
  it('A14 prompt injection: nothing to reject, it stays untrusted data', () => {
    const r = run('A14', 'search_kb.hits');
    expect(r.report.ok).toBe(true);
    expect(r.tampered.pkg.model_result.status).toBe('succeeded');
    expect(r.tampered.pkg.model_result.provenance.trust).toBe('untrusted_data');
    expect(JSON.stringify(r.tampered.pkg.model_result.data)).toContain('send_email');
  });
});

describe('A15: an MCP server whose text block says something else', () => {
  it('honest, the text block is the duplicate of structuredContent: the data reaches the model, the text is redacted', () => {
    const r = run('A15', 'get_order.paid');
    const s = findScenario('get_order.paid') as Scenario;
    expect(validateResult(r.victim.pkg, r.victim.trusted, chapterTools).ok).toBe(true);
    expect(r.victim.pkg.model_result.status).toBe('succeeded');
    expect(r.victim.pkg.model_result.data).toEqual((s.handler_output as { data: unknown }).data);
    expect(r.victim.pkg.protected_audit.redactions).toContainEqual({
      path: '/content/0',
      reason: 'mcp_text_duplicate',
    });
  });
  it('hostile → MCP_CONTENT_MISMATCH at the text block: the model gets OUTPUT_CONTRACT_VIOLATION, neither story', () => {
    for (const scenario of ['get_order.paid', 'search_kb.hits', 'create_refund_draft.created']) {
      const r = run('A15', scenario);
      expect(r.report.ok).toBe(true);
      const mr = r.tampered.pkg.model_result;
      expect(mr.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
      expect(mr.data).toBeNull();
      expect(r.tampered.pkg.protected_audit.violations.map((v) => `${v.code} ${v.path}`)).toEqual([
        'MCP_CONTENT_MISMATCH /content/0/text',
      ]);
      // The two answers differ in the text block alone: structuredContent is the honest data in both.
      const [before, after] = [r.handler?.before, r.handler?.after] as { structuredContent: unknown }[];
      expect(after?.structuredContent).toEqual(before?.structuredContent);
      expect(after).not.toEqual(before);
    }
  });
  it('needs a success with data to serve', () => {
    expect(attackApplies('A15', findScenario('get_order.paid') as Scenario)).toBe(true);
    expect(attackApplies('A15', findScenario('search_kb.rate_limited') as Scenario)).toBe(false);
  });
});

describe('attackApplies', () => {
  it('A14 needs a list of hits to inject into', () => {
    expect(attackApplies('A14', findScenario('search_kb.hits') as Scenario)).toBe(true);
    expect(attackApplies('A14', findScenario('get_order.paid') as Scenario)).toBe(false);
    expect(attackApplies('A7', findScenario('get_order.paid') as Scenario)).toBe(false);
    expect(attackApplies('A11', findScenario('get_order.keyed') as Scenario)).toBe(false);
  });
});
