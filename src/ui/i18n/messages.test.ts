/**
 * Every violation the core can produce on the scenarios, the attacks and the
 * learner's usual edits is rendered in Chinese from its data, with no English
 * sentence outside quoted values and code names (the locales' own test,
 * core/messages/locales.test.ts, renders generated params of every kind).
 */
import { describe, expect, it } from 'vitest';
import { describeParams, RULES, type ViolationParams, type ViolationParamsKind } from '#lib/core/tables/index.ts';
import { projectDetailed, validateResultDetailed, type Violation } from '#lib/core/index.ts';
import { ATTACK_IDS, attackApplies, runAttack } from '../../lessons/attacks.ts';
import { MESSAGES } from './messages.ts';
import { scenarios, chapterTools } from '../../chapter/index.ts';

const violationDetail = (p: ViolationParams, lang: 'en' | 'zh'): string => MESSAGES[lang].violation(p);

function collected(): Violation[] {
  const all: Violation[] = [];
  for (const s of scenarios) {
    all.push(...projectDetailed(s.handler_output, s.context, chapterTools).violations);
    for (const id of ATTACK_IDS) if (attackApplies(id, s)) all.push(...runAttack(id, s).report.violations);
    // A few edits a learner makes: a wrong type, an extra envelope member, an unknown error code, a bad time, nothing at all.
    const h = s.handler_output as Record<string, unknown>;
    for (const edit of [
      { ...h, kind: 7 },
      { ...h, extra: true },
      { kind: 'error', error: { code: 'NOPE' } },
      { ...h, observed_at: 'soon' },
      null,
    ]) {
      all.push(...projectDetailed(edit, s.context, chapterTools).violations);
    }
    all.push(
      ...validateResultDetailed(
        { model_result: 1, protected_audit: { schema_version: 2, extra: 1 } },
        s.context,
        chapterTools,
      ).violations,
    );
  }
  return all;
}

/** English prose: two English words in a row, once quoted values, code names and identifiers are taken out. */
const ENGLISH = /\b[A-Za-z]{2,}\s+[a-z]{2,}\b/;
const strip = (s: string) =>
  s
    .replace(/「[^」]*」/g, '')
    .replace(/\b[A-Za-z_][A-Za-z0-9_.]*_[A-Za-z0-9_.]*\b/g, '')
    .replace(/\b[A-Z][A-Z0-9_]+\b/g, '');

describe('violation details in Chinese', () => {
  const violations = collected();
  it('the corpus covers many kinds of specifics', () => {
    expect(new Set(violations.map((v) => v.params.kind)).size).toBeGreaterThanOrEqual(8);
  });
  it("each detail is the core's English sentence of its own params", () => {
    for (const v of violations) expect(v.detail).toBe(describeParams(v.params));
  });
  it('renders every one in Chinese without an English sentence', () => {
    for (const v of violations) {
      const text = violationDetail(v.params, 'zh');
      expect(text.length, JSON.stringify(v.params)).toBeGreaterThan(0);
      expect(strip(text), `${v.code} ${JSON.stringify(v.params)} → ${text}`).not.toMatch(ENGLISH);
    }
  });
  it('every kind of specifics renders in Chinese (one example each; a new kind without one does not compile)', () => {
    const examples: { [K in ViolationParamsKind]: Extract<ViolationParams, { kind: K }> } = {
      rule: { kind: 'rule', rule: 'truncated_not_complete' },
      schema: {
        kind: 'schema',
        issue: {
          code: 'too_big',
          message: 'Too big: expected string to have <=120 characters',
          maximum: 120,
          origin: 'string',
        },
      },
      unexpected_member: { kind: 'unexpected_member', member: 'internal_note' },
      denied_key: { kind: 'denied_key', key: 'access_token', list: 'credential' },
      audit_material: { kind: 'audit_material', length: 16 },
      audit_material_in_name: { kind: 'audit_material_in_name' },
      too_deep: { kind: 'too_deep', limit: 8 },
      too_large: { kind: 'too_large', limit: 16384, size: null },
      too_many_items: { kind: 'too_many_items', member: 'hits', count: 6, limit: 5, limitFrom: 'top_k' },
      echo_mismatch: { kind: 'echo_mismatch', member: 'order_ref', input: 'order_ref', expected: 'ORDER-1' },
      no_list: { kind: 'no_list', tool: 'get_order' },
      expected_value: { kind: 'expected_value', field: 'source_label', expected: 'orders', source: 'registry' },
      not_in_catalog: { kind: 'not_in_catalog', code: 'NOPE' },
      dispatcher_only_code: { kind: 'dispatcher_only_code', code: 'UNKNOWN_TOOL' },
      input_error_for_valid_call: { kind: 'input_error_for_valid_call', code: 'INVALID_ARGUMENTS' },
      retry_after_range: { kind: 'retry_after_range', code: 'RATE_LIMIT', min: 100, max: 600000 },
      no_retry_after: { kind: 'no_retry_after', code: 'NOT_FOUND', recovery: 'none' },
      digest_mismatch: { kind: 'digest_mismatch', digest: 'call_binding_sha256', recomputable: true },
      unregistered_adapter: {
        kind: 'unregistered_adapter',
        provider: 'openai',
        api_family: 'responses',
        adapter_revision: 'openai-legacy',
      },
      not_json: { kind: 'not_json', reason: 'NON_FINITE_NUMBER', message: 'NaN is not a JSON number at "/data"' },
      context_invalid: { kind: 'context_invalid', message: 'Invalid input' },
      internal: { kind: 'internal', message: 'boom' },
      mcp_message_too_large: { kind: 'mcp_message_too_large', limit: 1048576 },
      mcp_not_json: { kind: 'mcp_not_json', reason: 'DUPLICATE_KEY' },
      mcp_not_final: { kind: 'mcp_not_final', resultType: 'input_required' },
      mcp_definition: { kind: 'mcp_definition', tool: 'get_weather', state: 'changed' },
    };
    for (const p of Object.values(examples)) {
      const text = violationDetail(p, 'zh');
      expect(strip(text), text).not.toMatch(ENGLISH);
      expect(text).not.toBe(violationDetail(p, 'en'));
    }
  });
  it('every rule has its own Chinese text', () => {
    const texts = RULES.map((rule) => violationDetail({ kind: 'rule', rule }, 'zh'));
    expect(new Set(texts).size).toBe(RULES.length);
    for (const t of texts) expect(strip(t)).not.toMatch(ENGLISH);
  });
  it("English is the core's detail", () => {
    const p: ViolationParams = { kind: 'too_large', limit: 16384, size: 20000 };
    expect(violationDetail(p, 'en')).toBe(describeParams(p));
  });
});
