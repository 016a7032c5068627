/**
 * Reconciling what the model saw (docs/audit-log.md#reconcile): real
 * continuation bodies, built by the core's continueTurn from the chapter's
 * turn fixtures for all three providers, against the audit entries that link
 * those same packages' protected_audit. A clean transcript has no finding;
 * then each finding is caused on purpose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assembleTurn,
  continueTurn,
  dispatchTurn,
  type ContinuationMode,
  type JsonValue,
  type TurnContext,
} from '../../src/core/index.ts';
import { verifyAuditChain } from '../../src/control/auditChain.ts';
import { chainLinkFor, type AuditKey } from '../../src/control/auditLink.ts';
import { FINDING_CODES, reconcileTranscript, type Finding } from '../../src/control/reconcileTranscript.ts';
import { GENESIS_CHAIN_SHA256, type AuditDraft, type AuditEntry } from '../../src/control/store.ts';
import { findTurnFixture, chapterTools } from '../../../../src/chapter/index.ts';

const KEY = { id: 'audit-key-test-2026', secret: '7d'.repeat(32) };
const MODES = [
  { name: 'plain', key: undefined },
  { name: 'keyed', key: KEY },
] as const;

type Body = Record<string, JsonValue>;
interface Session {
  requests: Body[];
  entries: AuditEntry[];
}

/** The turns a transcript holds: every provider's one call, parallel calls and refused arguments. */
const TURN_IDS = ['one_call', 'parallel_calls', 'invalid_arguments'].flatMap((t) =>
  ['openai', 'anthropic', 'gemini'].map((p) => `${p}.${t}`),
);

/** Appends as a store does: the seq it assigns and the link of the entry before. */
function linkAll(drafts: readonly AuditDraft[], key: AuditKey): AuditEntry[] {
  const link = chainLinkFor(key);
  const log: AuditEntry[] = [];
  for (const d of drafts) {
    const seq = log.length + 1;
    const prev = log.at(-1)?.chain_sha256 ?? GENESIS_CHAIN_SHA256;
    log.push({ ...d, seq, prev_chain_sha256: prev, chain_sha256: link(d, seq, prev) });
  }
  return log;
}

/**
 * One transcript: each fixture's turn gated, dispatched and continued by the core, its packages' protected_audit
 * appended to the log in call order. Anthropic has only the stateless form; the others use `mode`.
 */
function session(
  key: AuditKey,
  mode: ContinuationMode,
  ids: readonly string[] = TURN_IDS,
  handlers: (id: string) => Record<string, JsonValue> | undefined = () => undefined,
): Session {
  const requests: Body[] = [];
  const drafts: AuditDraft[] = [];
  for (const id of ids) {
    const f = findTurnFixture(id)!;
    const { key: _fixtureKey, ...rest } = f.turn_context;
    const ctx: TurnContext = key === undefined ? rest : { ...rest, key };
    const turn = assembleTurn(f.provider, f.stream);
    const dispatched = dispatchTurn(turn, ctx, handlers(id) ?? f.handlers, chapterTools);
    const results = dispatched.map((d) => ({ package: d.package, trusted: d.trusted }));
    const m = f.provider === 'anthropic' ? 'stateless' : mode;
    const c = continueTurn(f.provider, turn, results, { tools: chapterTools, mode: m, history: ctx.history });
    if (!c.ok || c.body === null) throw new Error(`${id}: no continuation`);
    requests.push(c.body);
    for (const d of dispatched) {
      const run = { n: 1, kind: 'run' as const, started_at: ctx.now, ended_at: ctx.now, code: null };
      drafts.push({
        at: ctx.now,
        protected_audit: d.package.protected_audit,
        attempts: d.gate === 'handler' ? [run] : [],
      });
    }
  }
  return { requests, entries: linkAll(drafts, key) };
}

const callOf = (e: AuditEntry) => e.protected_audit.provider_context.call_id;
const codes = (fs: readonly Finding[]) => fs.map((f) => f.code);

/** Where a call's result text sits in a body, whichever provider made it. */
function resultItem(body: Body, call_id: string): { get(): string; set(text: string): void } {
  for (const item of (body.input ?? []) as Record<string, JsonValue>[]) {
    if (item.type === 'function_call_output' && item.call_id === call_id)
      return { get: () => item.output as string, set: (t) => (item.output = t) };
    if (item.type === 'function_result' && item.call_id === call_id) {
      const part = (item.result as Record<string, JsonValue>[])[0]!;
      return { get: () => part.text as string, set: (t) => (part.text = t) };
    }
  }
  for (const message of (body.messages ?? []) as Record<string, JsonValue>[]) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Record<string, JsonValue>[]) {
      if (block.type === 'tool_result' && block.tool_use_id === call_id) {
        const part = (block.content as Record<string, JsonValue>[])[0]!;
        return { get: () => part.text as string, set: (t) => (part.text = t) };
      }
    }
  }
  throw new Error(`no result for ${call_id}`);
}

/** The request that carries a call's result, and its index. */
function carrying(s: Session, call_id: string): { i: number; body: Body } {
  const i = s.requests.findIndex((b) => JSON.stringify(b).includes(`"${call_id}"`));
  return { i, body: s.requests[i]! };
}

describe('reconcileTranscript', () => {
  for (const { name, key } of MODES) {
    for (const mode of ['stateful', 'stateless'] as const) {
      it(`${name}, ${mode}: a clean transcript of all three providers has no finding, and its log verifies`, () => {
        const s = session(key, mode);
        expect(s.entries.length).toBe(12);
        expect(new Set(s.entries.map((e) => e.protected_audit.provider_context.provider))).toEqual(
          new Set(['openai', 'anthropic', 'gemini']),
        );
        expect(reconcileTranscript({ ...s, key })).toEqual({ ok: true, findings: [] });
        expect(verifyAuditChain(s.entries, { key }).ok).toBe(true);
        // The same body sent again (a retried request) shows the same results: history, not a second answer.
        expect(reconcileTranscript({ requests: [...s.requests, ...s.requests], entries: s.entries, key })).toEqual({
          ok: true,
          findings: [],
        });
      });
    }

    it(`${name}: a result the log does not hold is UNAUDITED_RESULT`, () => {
      const s = session(key, 'stateful');
      for (const e of s.entries) {
        const { i } = carrying(s, callOf(e));
        const r = reconcileTranscript({ requests: s.requests, entries: s.entries.filter((x) => x !== e), key });
        expect(r.ok).toBe(false);
        expect(r.findings).toEqual([{ code: 'UNAUDITED_RESULT', request: i, call_id: callOf(e), seq: null }]);
      }
    });

    it(`${name}: a result altered after it was recorded is RESULT_DIGEST_MISMATCH, for every provider`, () => {
      for (const e of session(key, 'stateless').entries) {
        const s = session(key, 'stateless');
        const { i, body } = carrying(s, callOf(e));
        const item = resultItem(body, callOf(e));
        const mr = JSON.parse(item.get()) as { execution: { complete: boolean } };
        mr.execution.complete = !mr.execution.complete;
        item.set(JSON.stringify(mr));
        const r = reconcileTranscript({ ...s, key });
        expect(r.findings).toEqual([{ code: 'RESULT_DIGEST_MISMATCH', request: i, call_id: callOf(e), seq: e.seq }]);
      }
    });

    it(`${name}: the layout of a text alone is not a mismatch: the digest binds the value the model read`, () => {
      const s = session(key, 'stateful');
      const e = s.entries[0]!;
      const item = resultItem(carrying(s, callOf(e)).body, callOf(e));
      item.set(JSON.stringify(JSON.parse(item.get()), null, 2));
      expect(reconcileTranscript({ ...s, key })).toEqual({ ok: true, findings: [] });
    });

    it(`${name}: one call answered with two results is DELIVERED_TWICE`, () => {
      const s = session(key, 'stateful');
      const e = s.entries.find((x) => x.protected_audit.provider_context.provider === 'gemini')!;
      const { i, body } = carrying(s, callOf(e));
      const again = structuredClone(body);
      const item = resultItem(again, callOf(e));
      item.set(item.get().replace('"status":"paid"', '"status":"refunded"'));
      const r = reconcileTranscript({ requests: [...s.requests, again], entries: s.entries, key });
      const later = s.requests.length;
      expect(r.findings).toEqual([
        { code: 'RESULT_DIGEST_MISMATCH', request: later, call_id: callOf(e), seq: e.seq },
        { code: 'DELIVERED_TWICE', request: later, call_id: callOf(e), seq: e.seq },
      ]);
      expect(i).toBeLessThan(later);
    });

    it(`${name}: OpenAI's Chat Completions bodies (a framework's default) are read too: clean, and a change found`, () => {
      // The same results as LangChain's ChatOpenAI sends them by default: each in a `role: 'tool'` message. Read as
      // nothing, every entry was UNDELIVERED and the verdict a vacuous ok.
      const s = session(key, 'stateless');
      const chat = s.requests.map((body) =>
        Array.isArray(body.input) && (body.input as Body[]).some((x) => x.type === 'function_call_output')
          ? {
              model: 'gpt-5',
              messages: (body.input as Body[])
                .filter((x) => x.type === 'function_call_output')
                .map((x, n) => ({
                  role: 'tool',
                  tool_call_id: x.call_id!,
                  content: n % 2 === 0 ? x.output! : [{ type: 'text', text: x.output! }],
                })),
            }
          : body,
      );
      expect(chat).not.toEqual(s.requests);
      expect(reconcileTranscript({ requests: chat, entries: s.entries, key })).toEqual({ ok: true, findings: [] });
      const i = chat.findIndex((b) => Array.isArray((b as { messages?: unknown }).messages) && !('input' in b));
      const message = ((chat[i] as { messages: Body[] }).messages as Body[]).find((m) => m.role === 'tool')!;
      const mr = JSON.parse(message.content as string) as { execution: { complete: boolean } };
      mr.execution.complete = !mr.execution.complete;
      message.content = JSON.stringify(mr);
      const r = reconcileTranscript({ requests: chat, entries: s.entries, key });
      expect(r.ok).toBe(false);
      expect(codes(r.findings)).toContain('RESULT_DIGEST_MISMATCH');
      // A tool message whose content is neither text nor one text part is unreadable, not skipped.
      message.content = [{ type: 'image_url', image_url: { url: 'https://x.example/a.png' } }];
      expect(codes(reconcileTranscript({ requests: chat, entries: s.entries, key }).findings)).toContain(
        'UNREADABLE_RESULT',
      );
    });

    it(`${name}: an entry no request carried is UNDELIVERED, reported but not a failure`, () => {
      const s = session(key, 'stateful');
      const dropped = 4;
      const gone = s.entries.filter((e) => carrying(s, callOf(e)).i === dropped);
      const r = reconcileTranscript({ ...s, requests: s.requests.filter((_, i) => i !== dropped), key });
      expect(r.ok).toBe(true);
      expect(r.findings).toEqual(
        gone.map((e) => ({ code: 'UNDELIVERED', request: null, call_id: callOf(e), seq: e.seq })),
      );
    });
  }

  it('an audit value of any entry in a result text is AUDIT_LEAK, naming the entry it came from', () => {
    // The core refuses a call's own audit values in its model_result; another call's, it cannot know. Here a
    // knowledge-base snippet carries the operation id of the get_order call beside it, and the package is valid.
    const ids = ['openai.parallel_calls'];
    const f = findTurnFixture(ids[0]!)!;
    const handlers = structuredClone(f.handlers) as Record<string, { data: { hits: { snippet: string }[] } }>;
    handlers.call_FIXTURE_oa02b!.data.hits[0]!.snippet += ' Ref op_turn_openai_parallel_calls_1.';
    const s = session(undefined, 'stateful', ids, () => handlers as unknown as Record<string, JsonValue>);
    expect(reconcileTranscript(s).findings).toEqual([
      { code: 'AUDIT_LEAK', request: 0, call_id: 'call_FIXTURE_oa02b', seq: 1 },
    ]);
    // Pasted into a text afterwards, a digest, a reference or a key is found too (and the text no longer matches).
    for (const pick of [
      (e: AuditEntry) => e.protected_audit.principal_ref,
      (e: AuditEntry) => e.protected_audit.operation.idempotency_key,
      (e: AuditEntry) => e.protected_audit.binding.request_sha256,
      (e: AuditEntry) => e.protected_audit.provider_context.response_id,
      (e: AuditEntry) => e.chain_sha256,
    ]) {
      const t = session(undefined, 'stateful');
      const source = t.entries[5]!;
      const target = t.entries[0]!;
      const item = resultItem(carrying(t, callOf(target)).body, callOf(target));
      item.set(item.get().replace('"ORDER-7"', JSON.stringify(`ORDER-7 ${pick(source)}`)));
      const found = reconcileTranscript(t).findings.filter((x) => x.code === 'AUDIT_LEAK');
      // A value several entries share (one principal's reference, one response's id) names the first that holds it.
      const first = t.entries.find((e) => pick(e) === pick(source))!.seq;
      expect(found).toEqual([{ code: 'AUDIT_LEAK', request: 0, call_id: callOf(target), seq: first }]);
    }
  });

  it('the stateless follow-up of the injection turn carries an earlier result this log never recorded', () => {
    const s = session(undefined, 'stateless', ['openai.injection_follow_up']);
    expect(reconcileTranscript(s).findings).toEqual([
      { code: 'UNAUDITED_RESULT', request: 0, call_id: 'call_06_a7f3c4e1', seq: null },
    ]);
    // Stateful, the body carries only this turn's UNKNOWN_TOOL answer, which the log holds.
    expect(reconcileTranscript(session(undefined, 'stateful', ['openai.injection_follow_up'])).ok).toBe(true);
  });

  it('a result is matched by provider, call id and, where the body names one, response id', () => {
    const s = session(undefined, 'stateful');
    const body = s.requests[0]!;
    const wrong = { ...body, previous_response_id: 'resp_FIXTURE_other' };
    const r = reconcileTranscript({ requests: [wrong], entries: s.entries.slice(0, 1) });
    expect(codes(r.findings)).toEqual(['UNAUDITED_RESULT', 'UNDELIVERED']);
    // The same OpenAI output presented as a Gemini step answers no Gemini call.
    const [item] = body.input as Record<string, JsonValue>[];
    const asGemini = {
      input: [{ type: 'function_result', name: 'get_order', call_id: item!.call_id, result: item!.output }],
    };
    expect(codes(reconcileTranscript({ requests: [asGemini], entries: s.entries.slice(0, 1) }).findings)).toEqual([
      'UNAUDITED_RESULT',
      'UNDELIVERED',
    ]);
  });

  it('keyed entries reconciled without their key, or with another, mismatch every result', () => {
    const s = session(KEY, 'stateful');
    for (const key of [undefined, { id: KEY.id, secret: 'ab'.repeat(32) }]) {
      const r = reconcileTranscript({ ...s, key });
      expect(new Set(codes(r.findings))).toEqual(new Set(['RESULT_DIGEST_MISMATCH']));
      expect(r.findings).toHaveLength(12);
    }
    expect(codes(reconcileTranscript({ ...s, key: { id: 'k', secret: 'nothex' } }).findings)).toEqual([
      'KEY_MALFORMED',
    ]);
  });

  it('garbage bodies, unreadable texts and garbage entries are findings, never a crash', () => {
    const s = session(undefined, 'stateful', ['openai.one_call']);
    const garbage: unknown[] = [
      null,
      42,
      'text',
      [],
      {},
      { input: 5 },
      { messages: {} },
      { previous_response_id: 7, input: [] },
    ];
    const r = reconcileTranscript({ requests: garbage, entries: s.entries });
    expect(r.findings.slice(0, garbage.length)).toEqual(
      garbage.map((_, i) => ({ code: 'UNREADABLE_REQUEST', request: i, call_id: null, seq: null })),
    );
    const call_id = callOf(s.entries[0]!);
    const texts: unknown[] = [
      '{',
      '{"a":1,"a":2}',
      [
        { type: 'input_text', text: '{}' },
        { type: 'input_text', text: '{}' },
      ],
      {},
    ];
    for (const output of texts) {
      const body = { input: [{ type: 'function_call_output', call_id, output }] };
      expect(reconcileTranscript({ requests: [body], entries: s.entries }).findings).toEqual([
        { code: 'UNREADABLE_RESULT', request: 0, call_id, seq: 1 },
      ]);
    }
    const noId = { input: [{ type: 'function_call_output', output: '{}' }] };
    expect(codes(reconcileTranscript({ requests: [noId], entries: [] }).findings)).toEqual(['UNREADABLE_RESULT']);
    const entries: unknown[] = [null, { seq: 2 }, { seq: 3, protected_audit: { provider_context: 'x' } }];
    expect(reconcileTranscript({ requests: [], entries }).findings).toEqual([
      { code: 'UNREADABLE_ENTRY', request: null, call_id: null, seq: null },
      { code: 'UNREADABLE_ENTRY', request: null, call_id: null, seq: 2 },
      { code: 'UNREADABLE_ENTRY', request: null, call_id: null, seq: 3 },
    ]);
    for (const input of [{ requests: 'x', entries: 'y' }, null, 7])
      expect(codes(reconcileTranscript(input as never).findings)).toEqual(['UNREADABLE_REQUEST', 'UNREADABLE_ENTRY']);
  });

  it('never throws on hostile input, and every finding has a documented code (fast-check)', () => {
    const s = session(undefined, 'stateless');
    const known = new Set<string>(FINDING_CODES);
    const junk = fc.anything({ maxDepth: 4, withBigInt: true, withDate: true, withNullPrototype: true });
    const edit = fc.tuple(fc.nat({ max: 11 }), fc.nat(), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(junk, junk, fc.array(edit, { maxLength: 3 }), (requests, entry, edits) => {
        const t = structuredClone(s);
        for (const [k, pos, piece] of edits) {
          const e = t.entries[k]!;
          const item = resultItem(carrying(t, callOf(e)).body, callOf(e));
          const text = item.get();
          item.set(text.slice(0, pos % text.length) + piece + text.slice((pos % text.length) + 1));
        }
        for (const input of [
          { requests: t.requests, entries: t.entries },
          { requests: [requests, ...t.requests], entries: [...t.entries, entry] },
          { requests, entries: entry },
        ]) {
          const r = reconcileTranscript(input as never);
          for (const f of r.findings) expect(known.has(f.code)).toBe(true);
          expect(r.ok).toBe(r.findings.every((f) => f.code === 'UNDELIVERED'));
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150), seed: Number(process.env.FUZZ_SEED ?? 20260719) },
    );
  });
});
