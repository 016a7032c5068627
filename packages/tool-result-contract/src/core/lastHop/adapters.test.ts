import { describe, expect, it } from 'vitest';
import { canonicalize } from '../json/canonical.ts';
import {
  composeTurn,
  safeComposeTurn,
  TurnRefusedError,
  type AnthropicToolUse,
  type GeminiFunctionCall,
  type OpenAIFunctionCall,
  type PackagedResult,
} from '../turn/composeTurn.ts';
import { auditValuesOf } from '../result/auditValues.ts';
import { callBindingDigest } from '../result/digest.ts';
import { previewPayloads, rebindPackage, withProvider } from './payloadPreview.ts';
import { project } from '../result/project.ts';
import {
  PROVIDER_ADAPTERS,
  type LastHopName,
  type ProviderItem,
  type ProviderName,
} from '../tables/providerAdapters.ts';
import type { Scenario } from '../result/scenario.ts';
import { AdapterRefusedError, safeToProviderItem, toProviderItem } from './toProviderItem.ts';
import { findScenario, scenarios, chapterTools } from '../../../../../src/chapter/index.ts';

const providers: ProviderName[] = ['openai', 'anthropic', 'gemini'];

/** Every registered last hop: the model providers and MCP. */
const lastHops: LastHopName[] = [...providers, 'mcp'];

describe('provider items', () => {
  const cases = scenarios.flatMap((s) => lastHops.map((p) => [s.id, p, s] as const));
  it.each(cases)('%s via %s carries model_result only, no audit material', (_id, provider, s) => {
    const t = withProvider(s.context, provider);
    const pkg = project(s.handler_output, t, chapterTools);
    const item = toProviderItem(pkg, t, chapterTools);
    const text = JSON.stringify(item);
    for (const v of ['protected_audit', 'principal_ref', ...auditValuesOf(pkg, t)]) expect(text).not.toContain(v);
    // The text inside is exactly canonical(model_result), the bytes result_sha256 binds.
    const inner = 'output' in item ? item.output : 'content' in item ? item.content[0].text : item.result[0].text;
    expect(inner).toBe(canonicalize(pkg.model_result));
  });
  it('MCP: a CallToolResult whose text and structuredContent are the same model_result, isError on failure only', () => {
    for (const s of scenarios) {
      const t = withProvider(s.context, 'mcp');
      const pkg = project(s.handler_output, t, chapterTools);
      const item = toProviderItem(pkg, t, chapterTools);
      const text = canonicalize(pkg.model_result);
      expect(item).toEqual({
        content: [{ type: 'text', text }],
        structuredContent: pkg.model_result,
        ...(pkg.model_result.status === 'succeeded' ? {} : { isError: true }),
      });
      if (!('structuredContent' in item)) throw new Error('not a CallToolResult');
      // Parsed back from the canonical text: equal, never the package's own object.
      expect(canonicalize(item.structuredContent)).toBe(text);
      expect(item.structuredContent).not.toBe(pkg.model_result);
      expect(Object.keys(item).sort()).toEqual(
        pkg.model_result.status === 'succeeded'
          ? ['content', 'structuredContent']
          : ['content', 'isError', 'structuredContent'],
      );
    }
  });
  it('MCP: refuses a tampered package before serializing, and a model provider context cannot be relabeled mcp', () => {
    const s = findScenario('get_order.paid') as Scenario;
    const t = withProvider(s.context, 'mcp');
    const pkg = structuredClone(project(s.handler_output, t, chapterTools));
    pkg.model_result.data = { order_ref: 'ORDER-7', status: 'refunded' };
    expect(() => toProviderItem(pkg, t, chapterTools)).toThrow(AdapterRefusedError);
    // The openai package under the mcp triple: its call binding names another adapter.
    const foreign = project(s.handler_output, s.context, chapterTools);
    try {
      toProviderItem(foreign, t, chapterTools);
      throw new Error('not refused');
    } catch (e) {
      expect(e).toBeInstanceOf(AdapterRefusedError);
      expect((e as AdapterRefusedError).violations.map((v) => v.code)).toContain('CALL_BINDING_MISMATCH');
    }
  });
  it('builds the registered shapes (docs/contract.md#provider-adapters)', () => {
    const s = findScenario('search_kb.no_access') as Scenario;
    const items = Object.fromEntries(
      providers.map((p) => {
        const t = withProvider(s.context, p);
        return [p, toProviderItem(project(s.handler_output, t, chapterTools), t, chapterTools)];
      }),
    );
    const text = canonicalize(project(s.handler_output, s.context, chapterTools).model_result);
    expect(items.openai).toEqual({ type: 'function_call_output', call_id: s.context.call.call_id, output: text });
    expect(items.anthropic).toEqual({
      type: 'tool_result',
      tool_use_id: s.context.call.call_id,
      content: [{ type: 'text', text }],
      is_error: true,
    });
    expect(items.gemini).toEqual({
      type: 'function_result',
      name: 'search_kb',
      call_id: s.context.call.call_id,
      result: [{ type: 'text', text }],
      is_error: true,
    });
  });
  it('omits is_error on success', () => {
    const s = findScenario('get_order.paid') as Scenario;
    for (const p of ['anthropic', 'gemini', 'mcp'] as const) {
      const t = withProvider(s.context, p);
      const item = toProviderItem(project(s.handler_output, t, chapterTools), t, chapterTools);
      expect(item).not.toHaveProperty('is_error');
      expect(item).not.toHaveProperty('isError');
    }
  });
  it('refuses a tampered package with its violations, before serializing', () => {
    const s = findScenario('get_order.paid') as Scenario;
    const pkg = structuredClone(project(s.handler_output, s.context, chapterTools));
    pkg.model_result.data = { order_ref: 'ORDER-7', status: 'refunded' };
    try {
      toProviderItem(pkg, s.context, chapterTools);
      throw new Error('not refused');
    } catch (e) {
      expect(e).toBeInstanceOf(AdapterRefusedError);
      expect((e as AdapterRefusedError).violations.map((v) => v.code).sort()).toEqual([
        'CALL_BINDING_MISMATCH',
        'RESULT_DIGEST_MISMATCH',
      ]);
    }
  });
  it('has exactly the four registered triples', () => {
    expect(PROVIDER_ADAPTERS.map((a) => [a.provider, a.api_family, a.adapter_revision])).toEqual([
      ['openai', 'responses', 'openai-responses-2026-07-19'],
      ['anthropic', 'messages', 'anthropic-messages-2026-07-19'],
      ['gemini', 'interactions', 'gemini-interactions-2026-07-19'],
      ['mcp', 'tools', 'mcp-2025-11-25'],
    ]);
  });
});

/** Three calls of one turn, as each provider names them. */
function turn(provider: ProviderName) {
  const ids = ['search_kb.hits', 'get_order.paid', 'search_kb.rate_limited'];
  const results: PackagedResult[] = ids.map((id) => {
    const s = findScenario(id) as Scenario;
    const t = withProvider(s.context, provider);
    return { package: project(s.handler_output, t, chapterTools), trusted: t };
  });
  const calls = results.map((r) => {
    const c = r.trusted;
    if (provider === 'openai')
      return {
        type: 'function_call',
        call_id: c.call.call_id,
        name: c.tool,
        arguments: JSON.stringify(c.arguments),
      } satisfies OpenAIFunctionCall;
    if (provider === 'anthropic')
      return { type: 'tool_use', id: c.call.call_id, name: c.tool, input: c.arguments } satisfies AnthropicToolUse;
    return {
      type: 'function_call',
      id: c.call.call_id,
      name: c.tool,
      arguments: c.arguments as Record<string, unknown>,
    } satisfies GeminiFunctionCall;
  });
  return { calls, results };
}
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TurnRefusedError);
    return (e as TurnRefusedError).problems.map((p) => p.code);
  }
  throw new Error('not refused');
};

describe('composeTurn (docs/contract.md#several-results-in-one-turn)', () => {
  it('pairs by call id when the results arrive in another order', () => {
    for (const provider of providers) {
      const { calls, results } = turn(provider);
      const shuffled = [results[2], results[0], results[1]] as PackagedResult[];
      const ids = results.map((r) => r.trusted.call.call_id);
      const composed = composeTurn(provider, calls, shuffled, { tools: chapterTools });
      const got =
        provider === 'anthropic'
          ? (composed as { content: { tool_use_id?: string }[] }).content.map((c) => c.tool_use_id)
          : provider === 'openai'
            ? (composed as { input: { type: string; call_id: string }[] }).input
                .filter((i) => i.type === 'function_call_output')
                .map((i) => i.call_id)
            : (composed as { input: { call_id: string }[] }).input.map((i) => i.call_id);
      expect(got).toEqual(ids);
    }
  });
  it('Anthropic: one user message, every tool_result first in tool_use order, then the text', () => {
    const { calls, results } = turn('anthropic');
    const m = composeTurn('anthropic', calls, [...results].reverse(), {
      tools: chapterTools,
      text: 'Here are the results.',
    });
    expect(m.role).toBe('user');
    expect(m.content.map((c) => c.type)).toEqual(['tool_result', 'tool_result', 'tool_result', 'text']);
    expect(m.content.at(-1)).toEqual({ type: 'text', text: 'Here are the results.' });
  });
  it('OpenAI stateless echoes each function_call before its output; stateful does not', () => {
    const { calls, results } = turn('openai');
    const stateless = composeTurn('openai', calls, results, { tools: chapterTools });
    expect(stateless.input.map((i) => i.type)).toEqual([
      'function_call',
      'function_call_output',
      'function_call',
      'function_call_output',
      'function_call',
      'function_call_output',
    ]);
    expect(stateless).not.toHaveProperty('previous_response_id');
    const stateful = composeTurn('openai', calls, results, { tools: chapterTools, previous_response_id: 'resp_prev' });
    expect(stateful.previous_response_id).toBe('resp_prev');
    expect(stateful.input.map((i) => i.type)).toEqual([
      'function_call_output',
      'function_call_output',
      'function_call_output',
    ]);
  });
  it('Gemini: function_result steps, with previous_interaction_id when given', () => {
    const { calls, results } = turn('gemini');
    const g = composeTurn('gemini', calls, results, { tools: chapterTools, previous_interaction_id: 'int_prev' });
    expect(g.previous_interaction_id).toBe('int_prev');
    expect(g.input.map((s) => [s.type, s.name])).toEqual([
      ['function_result', 'search_kb'],
      ['function_result', 'get_order'],
      ['function_result', 'search_kb'],
    ]);
  });
  it('refuses a missing result', () => {
    const { calls, results } = turn('openai');
    expect(refusal(() => composeTurn('openai', calls, results.slice(1), { tools: chapterTools }))).toEqual([
      'MISSING_RESULT',
    ]);
  });
  it('refuses a duplicate call id and a duplicate result', () => {
    const { calls, results } = turn('anthropic');
    expect(
      refusal(() =>
        composeTurn('anthropic', [...calls, calls[0] as AnthropicToolUse], results, { tools: chapterTools }),
      ),
    ).toEqual(['DUPLICATE_CALL_ID']);
    expect(
      refusal(() =>
        composeTurn('anthropic', calls, [...results, results[1] as PackagedResult], { tools: chapterTools }),
      ),
    ).toEqual(['DUPLICATE_RESULT']);
  });
  it('refuses a result for an unknown call id', () => {
    const { calls, results } = turn('gemini');
    expect(refusal(() => composeTurn('gemini', calls.slice(0, 2), results, { tools: chapterTools }))).toEqual([
      'UNKNOWN_CALL_ID',
    ]);
  });
  it('refuses a result bound to another provider, or to another tool name', () => {
    const { calls, results } = turn('openai');
    const foreign = turn('anthropic').results;
    expect(refusal(() => composeTurn('openai', calls, foreign, { tools: chapterTools }))).toEqual([
      'PROVIDER_MISMATCH',
      'PROVIDER_MISMATCH',
      'PROVIDER_MISMATCH',
    ]);
    const renamed = calls.map((c, i) => (i === 0 ? { ...c, name: 'get_order' } : c));
    expect(refusal(() => composeTurn('openai', renamed, results, { tools: chapterTools }))).toEqual(['TOOL_MISMATCH']);
  });
  it('refuses the whole turn when one package does not validate', () => {
    const { calls, results } = turn('openai');
    const bad = structuredClone(results);
    (bad[1] as PackagedResult).package.model_result.provenance.source_label = 'elsewhere';
    expect(() => composeTurn('openai', calls, bad, { tools: chapterTools })).toThrow(AdapterRefusedError);
  });
  it('safeComposeTurn answers every refusal as a value, and the same turn when nothing is refused', () => {
    const { calls, results } = turn('anthropic');
    expect(safeComposeTurn('anthropic', calls, results, { tools: chapterTools })).toEqual({
      ok: true,
      turn: composeTurn('anthropic', calls, results, { tools: chapterTools }),
    });
    const bad = structuredClone(results);
    (bad[1] as PackagedResult).package.model_result.provenance.source_label = 'elsewhere';
    const refused = safeComposeTurn('anthropic', calls, bad, { tools: chapterTools });
    expect(refused.ok === false && refused.code === 'ADAPTER_REFUSED' && refused.violations.length).toBeGreaterThan(0);
    expect(safeComposeTurn('anthropic', calls.slice(1), results, { tools: chapterTools })).toMatchObject({
      ok: false,
      code: 'TURN_REFUSED',
      problems: [{ code: 'UNKNOWN_CALL_ID' }],
    });
    // An unknown provider is the caller's bug, not untrusted data: still thrown.
    expect(() => safeComposeTurn('nope' as 'openai', calls, results, { tools: chapterTools })).toThrow(TypeError);
  });
  it('safeToProviderItem returns the item, or the violations toProviderItem throws with', () => {
    const s = findScenario('get_order.paid') as Scenario;
    const pkg = project(s.handler_output, s.context, chapterTools);
    expect(safeToProviderItem(pkg, s.context, chapterTools)).toEqual({
      ok: true,
      item: toProviderItem(pkg, s.context, chapterTools),
    });
    const tampered = structuredClone(pkg);
    tampered.model_result.data = { order_ref: 'ORDER-7', status: 'refunded' };
    const answer = safeToProviderItem(tampered, s.context, chapterTools);
    expect(answer.ok ? [] : answer.violations.map((v) => v.code)).toContain('RESULT_DIGEST_MISMATCH');
  });
});

describe('previewPayloads and rebindPackage', () => {
  it.each(scenarios.flatMap((s) => lastHops.map((p) => [s.id, p, s] as const)))(
    '%s rebound for %s equals projecting again',
    (_id, provider, s) => {
      const t = withProvider(s.context, provider);
      expect(
        rebindPackage(project(s.handler_output, s.context, chapterTools), t, (to, r, d) =>
          callBindingDigest(to, r, d, chapterTools),
        ),
      ).toEqual(project(s.handler_output, t, chapterTools));
    },
  );
  it('serializes for every registered last hop, and refuses where the learner set an unregistered revision', () => {
    const s = findScenario('get_order.paid') as Scenario;
    const kind = (item: ProviderItem | null) => (item === null ? null : 'type' in item ? item.type : 'CallToolResult');
    const ok = previewPayloads(s.handler_output, s.context, chapterTools);
    expect(ok.providers.map((p) => [p.provider, kind(p.item)])).toEqual([
      ['openai', 'function_call_output'],
      ['anthropic', 'tool_result'],
      ['gemini', 'function_result'],
      ['mcp', 'CallToolResult'],
    ]);
    const legacy = { ...s.context, call: { ...s.context.call, adapter_revision: 'openai-responses-2024-01-01' } };
    const refused = previewPayloads(s.handler_output, legacy, chapterTools);
    expect(refused.unregistered?.refused.map((v) => v.code)).toEqual(['UNREGISTERED_ADAPTER']);
    expect(refused.providers.map((p) => kind(p.item))).toEqual([
      'function_call_output',
      'tool_result',
      'function_result',
      'CallToolResult',
    ]);
    expect(ok.unregistered).toBeNull();
  });
});
