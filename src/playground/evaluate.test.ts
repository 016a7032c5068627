import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, hmacSha256HexWebCrypto, sha256Hex, sha256HexWebCrypto } from '#lib/core/index.ts';
import { draftFromContext, withDigestMode } from './contextDraft.ts';
import { createEvaluator, evaluate, type Evaluation } from './evaluate.ts';
import { builtinDoc, handlerTextOf } from './work.ts';
import { findScenario, scenarios } from '../chapter/index.ts';

const docOf = (id: string) => {
  const d = builtinDoc(id);
  if (d === null) throw new Error(`no scenario ${id}`);
  return d;
};

const resultOf = (ev: Evaluation) => {
  if (ev.result === null) throw new Error(`no result: ${JSON.stringify(ev.problems)}`);
  return ev.result;
};

/** Inserts text at the start of the first line containing `marker`, returning the text and that line (1-based). */
function insertBeforeLine(text: string, marker: string, insert: string): { text: string; line: number } {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.includes(marker));
  if (i < 0) throw new Error(`no line with ${marker}`);
  const l = lines[i] as string;
  const indent = l.length - l.trimStart().length;
  lines[i] = `${l.slice(0, indent)}${insert}${l.slice(indent)}`;
  return { text: lines.join('\n'), line: i + 1 };
}

describe('evaluate: every built-in scenario', () => {
  for (const s of scenarios) {
    it(`${s.id}: projects, validates, digests agree, four payloads without audit material`, () => {
      const ev = evaluate(docOf(s.id));
      expect(ev.parse.ok).toBe(true);
      expect(ev.context.ok).toBe(true);
      expect(ev.internalError).toBeNull();
      const r = resultOf(ev);
      expect(r.validation.ok).toBe(true);
      expect(r.digests.map((d) => d.name)).toEqual(['request_sha256', 'result_sha256', 'call_binding_sha256']);
      for (const d of r.digests) {
        expect(d.match).toBe(true);
        expect(d.stored).toMatch(/^[0-9a-f]{64}$/);
        expect(d.preimage).not.toBeNull();
        const recomputed =
          s.context.key === undefined
            ? sha256Hex(d.preimage as string)
            : hmacSha256Hex(s.context.key.secret, d.preimage as string);
        expect(recomputed).toBe(d.recomputed);
      }
      expect(r.payloads.map((p) => p.provider)).toEqual(['openai', 'anthropic', 'gemini', 'mcp']);
      for (const p of r.payloads) {
        expect(p.ok).toBe(true);
        if (p.ok) {
          expect(p.audit.found).toEqual([]);
          expect(p.audit.checked).toBeGreaterThanOrEqual(10);
          expect(JSON.stringify(p.item)).not.toContain('protected_audit');
        }
      }
      expect(r.payloads.filter((p) => p.isCallProvider)).toHaveLength(1);
      // Only a contract-breaking handler produces problems, and each is located in the editor text.
      const located = ev.problems.filter((p) => p.source === 'projection');
      expect(located.length > 0).toBe(r.pkg.model_result.error?.code === 'OUTPUT_CONTRACT_VIOLATION');
      for (const p of located) expect(p.range).not.toBeNull();
    });
  }
});

describe('evaluate: the editor text', () => {
  it('a nested token in a hit is SENSITIVE_FIELD, marked on the line of its member', () => {
    const base = docOf('search_kb.hits');
    const { text, line } = insertBeforeLine(base.handlerText, '"doc_ref": "KB-2048"', '"token": "tok_live_123", ');
    const ev = evaluate({ ...base, handlerText: text });
    const p = ev.problems.find((x) => x.code === 'SENSITIVE_FIELD');
    expect(p?.path).toBe('/data/hits/1/token');
    expect(p?.range?.startLine).toBe(line);
    expect(p?.range?.endLine).toBe(line);
    expect(p?.rangePath).toBe('/data/hits/1/token');
    expect(resultOf(ev).pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
  });

  it('a missing member is marked at its nearest existing ancestor', () => {
    const base = docOf('get_order.paid');
    const value = structuredClone(findScenario('get_order.paid')?.handler_output) as { data: Record<string, unknown> };
    delete value.data.status;
    const text = handlerTextOf(value);
    const ev = evaluate({ ...base, handlerText: text });
    const p = ev.problems.find((x) => x.path === '/data/status');
    expect(p?.code).toBe('DATA_SCHEMA');
    expect(p?.rangePath).toBe('/data');
    const dataLine = text.split('\n').findIndex((l) => l.includes('"data"')) + 1;
    expect(p?.range?.startLine).toBe(dataLine);
  });

  it('text that is not strict JSON gives one located parse problem and no result', () => {
    const base = docOf('search_kb.hits');
    const ev = evaluate({ ...base, handlerText: '{\n  "kind": "success",\n  "kind": "error"\n}' });
    expect(ev.result).toBeNull();
    expect(ev.problems).toHaveLength(1);
    expect(ev.problems[0]?.code).toBe('DUPLICATE_KEY');
    expect(ev.problems[0]?.range?.startLine).toBe(3);
    const trailing = evaluate({ ...base, handlerText: '{"kind": "success",}' });
    expect(trailing.problems[0]?.source).toBe('json');
    expect(trailing.problems[0]?.range?.startLine).toBe(1);
  });

  it('over 1 MiB is refused before parsing (TOO_LARGE), without throwing', () => {
    const base = docOf('search_kb.hits');
    const huge = `{"kind":"success","data":"${'x'.repeat(1024 * 1024)}"}`;
    const ev = evaluate({ ...base, handlerText: huge });
    expect(ev.parse.ok).toBe(false);
    expect(ev.problems[0]?.code).toBe('TOO_LARGE');
    expect(ev.result).toBeNull();
  });

  it('changing a business field changes result_sha256 and call_binding_sha256, not request_sha256', () => {
    const base = docOf('search_kb.hits');
    const before = resultOf(evaluate(base)).digests;
    const after = resultOf(
      evaluate({ ...base, handlerText: base.handlerText.replace('Refund policy for damaged items', 'Refund policy') }),
    ).digests;
    expect(after[0]?.recomputed).toBe(before[0]?.recomputed);
    expect(after[1]?.recomputed).not.toBe(before[1]?.recomputed);
    expect(after[2]?.recomputed).not.toBe(before[2]?.recomputed);
  });

  it('is deterministic', () => {
    const base = docOf('create_refund_draft.created');
    expect(JSON.stringify(resultOf(evaluate(base)).pkg)).toBe(JSON.stringify(resultOf(evaluate(base)).pkg));
  });

  it('untrusted HTML in a hit stays data (it is only text to the playground)', () => {
    const base = docOf('search_kb.hits');
    const ev = evaluate({
      ...base,
      handlerText: base.handlerText.replace('Refund policy for damaged items', '<img src=x onerror=alert(1)>'),
    });
    const r = resultOf(ev);
    expect(r.pkg.model_result.status).toBe('succeeded');
    expect(r.canonical).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('evaluate: the trusted context', () => {
  it('an invalid field is reported at that field and nothing is projected', () => {
    const base = docOf('search_kb.hits');
    const ev = evaluate({ ...base, context: { ...base.context, tenant: '' } });
    expect(ev.result).toBeNull();
    expect(ev.problems.map((p) => [p.source, p.field])).toEqual([['context', 'tenant']]);
  });

  it('arguments that are not strict JSON are located in the arguments box', () => {
    const base = docOf('search_kb.hits');
    const ev = evaluate({ ...base, context: { ...base.context, arguments_text: '{"query": "refund policy",}' } });
    expect(ev.problems[0]?.field).toBe('arguments_text');
  });

  it('arguments that differ from the echoed query are INPUT_BINDING at /data/query', () => {
    const base = docOf('search_kb.hits');
    const ev = evaluate({
      ...base,
      context: { ...base.context, arguments_text: '{"query":"refund rules","top_k":5}' },
    });
    expect(ev.problems.find((p) => p.code === 'INPUT_BINDING')?.path).toBe('/data/query');
  });

  it('an unregistered adapter revision is refused as a fifth payload and by validation (A12)', () => {
    const base = docOf('get_order.paid');
    const ev = evaluate({ ...base, context: { ...base.context, adapter_revision: 'openai-responses-2024-01-01' } });
    const r = resultOf(ev);
    expect(r.validation.violations.map((v) => v.code)).toContain('UNREGISTERED_ADAPTER');
    expect(r.payloads).toHaveLength(5);
    const own = r.payloads[4];
    expect(own?.ok).toBe(false);
    if (own !== undefined && !own.ok) expect(own.refusal.map((v) => v.code)).toContain('UNREGISTERED_ADAPTER');
    expect(r.payloads.slice(0, 4).every((p) => p.ok)).toBe(true);
    expect(
      ev.problems.some((p) => p.source === 'validation' && p.code === 'UNREGISTERED_ADAPTER' && p.range === null),
    ).toBe(true);
  });

  it('keyed mode: every digest is HMAC and WebCrypto agrees with noble on every preimage', async () => {
    const base = docOf('search_kb.hits');
    const draft = withDigestMode(base.context, 'hmac-sha256');
    const ev = evaluate({ ...base, context: draft });
    const r = resultOf(ev);
    expect(r.pkg.protected_audit.binding.algorithm).toBe('hmac-sha256');
    for (const d of r.digests) {
      expect(await hmacSha256HexWebCrypto(draft.key_secret, d.preimage as string)).toBe(d.recomputed);
    }
    const plain = resultOf(evaluate(base));
    for (const d of plain.digests) expect(await sha256HexWebCrypto(d.preimage as string)).toBe(d.recomputed);
    expect(r.digests[0]?.recomputed).not.toBe(plain.digests[0]?.recomputed);
  });

  it('the draft of a scenario context round-trips to the same context', () => {
    for (const s of scenarios) {
      const ev = evaluate({ handlerText: handlerTextOf(s.handler_output), context: draftFromContext(s.context) });
      expect(ev.context.ok && ev.context.value).toEqual(s.context);
    }
  });
});

describe("the page's evaluator answers what the plain evaluation answers", () => {
  it("every scenario's text in every scenario's context, contexts switching back and forth, edits in between", () => {
    const evaluator = createEvaluator();
    const texts = scenarios.map((s) => handlerTextOf(s.handler_output));
    const edits = [
      ...texts,
      '{"kind": "success",}',
      '{"kind":"success","kind":"error"}',
      texts[0]?.replace('"', "'") ?? '',
    ];
    let compared = 0;
    for (const [i, s] of [...scenarios, ...scenarios.slice().reverse()].entries()) {
      const drafts = [
        draftFromContext(s.context),
        withDigestMode(draftFromContext(s.context), 'hmac-sha256'),
        { ...draftFromContext(s.context), tenant: '' },
      ];
      for (const context of drafts) {
        for (const handlerText of [edits[i % edits.length] as string, texts[(i * 7) % texts.length] as string]) {
          const plain = evaluate({ handlerText, context });
          const live = evaluator.evaluate({ handlerText, context });
          expect(JSON.stringify({ ...live, parse: null }), `${s.id}`).toBe(JSON.stringify({ ...plain, parse: null }));
          expect(live.parse.ok).toBe(plain.parse.ok);
          compared++;
        }
      }
    }
    evaluator.close();
    expect(compared).toBe(scenarios.length * 2 * 3 * 2);
  });
  it('a closed evaluator opens a new session on the next evaluation', () => {
    const evaluator = createEvaluator();
    const doc = docOf('get_order.paid');
    const first = evaluator.evaluate(doc);
    evaluator.close();
    expect(JSON.stringify(evaluator.evaluate(doc).result)).toBe(JSON.stringify(first.result));
  });
});
