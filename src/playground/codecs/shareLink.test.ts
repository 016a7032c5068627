import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decompressFromEncodedURIComponentBounded } from '../lzBounded.ts';
import { edited } from '../testWork.ts';
import { builtinDoc, currentDoc, initialWork, SCAFFOLD_HANDLER_TEXT, workedAnswer, type Doc } from '../work.ts';
import { IO_LIMITS } from './decoded.ts';
import { losesWork } from '../reducer.ts';
import { applyShare, decodeShare, encodeShare, SHARE_PREFIX, sharePayloadOf } from './shareLink.ts';
import { scenarios } from '../../chapter/index.ts';

describe('lzBounded', () => {
  it('decompresses exactly what lz-string does', () => {
    const samples = [
      '',
      'a',
      'hello hello hello',
      JSON.stringify(scenarios),
      '退款帮助 🚀 \u0000 \uffff',
      'ab'.repeat(5000),
    ];
    let seed = 7;
    for (let n = 0; n < 50; n++) {
      let s = '';
      const len = n * 37;
      for (let i = 0; i < len; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        s += String.fromCharCode(32 + (seed % 300));
      }
      samples.push(s);
    }
    for (const s of samples) {
      const c = compressToEncodedURIComponent(s);
      if (s === '') continue;
      const ours = decompressFromEncodedURIComponentBounded(c, 10_000_000);
      expect(ours).toEqual({ ok: true, text: decompressFromEncodedURIComponent(c) });
    }
  });

  it('stops a decompression bomb at the bound instead of building it', () => {
    // 1.2 MiB of one letter compresses to about 4 KB: the ratio a hostile link can use.
    const bomb = compressToEncodedURIComponent('a'.repeat(1.2 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(8 * 1024);
    expect(decompressFromEncodedURIComponentBounded(bomb, IO_LIMITS.maxTextBytes)).toEqual({
      ok: false,
      reason: 'TOO_LARGE',
    });
  }, 30_000);

  it('refuses characters outside the URI-safe alphabet and truncated data', () => {
    expect(decompressFromEncodedURIComponentBounded('abc%', 100).ok).toBe(false);
    const c = compressToEncodedURIComponent('hello world, hello world');
    expect(decompressFromEncodedURIComponentBounded(c.slice(0, 4), 100).ok).toBe(false);
  });
});

describe('share links', () => {
  it('round-trip the exact state: mode, scenario, attack, the edited document and the exercise', async () => {
    const w = edited();
    const enc = await encodeShare(w);
    expect(enc.ok).toBe(true);
    if (!enc.ok) return;
    const dec = decodeShare(`#${enc.value}`);
    expect(dec.ok).toBe(true);
    if (!dec.ok) return;
    const opened = applyShare(initialWork(), dec.value);
    expect(sharePayloadOf(opened)).toEqual(sharePayloadOf(w));
    expect(currentDoc(opened)).toEqual(currentDoc(w));
    expect(opened.exercise).toEqual(w.exercise);
  });

  it('carry sealed results; an old link without seals opens its shipped answers as the scaffold', async () => {
    const w = edited();
    const sealed = [null, null, w.exercise.items[2] ?? null, null, null];
    const enc = await encodeShare({ ...w, exercise: { ...w.exercise, sealed } });
    const dec = enc.ok ? decodeShare(enc.value) : null;
    expect(dec?.ok && applyShare(initialWork(), dec.value).exercise.sealed).toEqual(sealed);
    const shipped = [0, 1, 2, 3, 4].map((i) => workedAnswer(i) as Doc);
    const old = { ...sharePayloadOf(w), exercise: { items: shipped, active: 3 } };
    const link = SHARE_PREFIX + compressToEncodedURIComponent(JSON.stringify(old));
    const r = decodeShare(link);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const opened = applyShare(initialWork(), r.value).exercise;
    expect(opened.items.every((d) => d.handlerText === SCAFFOLD_HANDLER_TEXT)).toBe(true);
    expect(opened.activeIndex).toBe(3);
  });

  it('keep the receiver’s other edited scenarios', async () => {
    const receiver = initialWork();
    const other = builtinDoc('get_order.paid');
    if (other === null) throw new Error('no doc');
    receiver.docs['get_order.paid'] = { ...other, handlerText: '{}' };
    const enc = await encodeShare(edited());
    if (!enc.ok) throw new Error('encode');
    const dec = decodeShare(enc.value);
    if (!dec.ok) throw new Error('decode');
    expect(applyShare(receiver, dec.value).docs['get_order.paid']?.handlerText).toBe('{}');
  });

  it('refuse a fragment over 256 KiB before decompressing it', () => {
    const r = decodeShare(SHARE_PREFIX + 'A'.repeat(IO_LIMITS.maxCompressedBytes));
    expect(r.ok === false && r.error.code).toBe('TOO_LARGE');
  });

  it('refuse one that decompresses to over 1 MiB', () => {
    const r = decodeShare(
      SHARE_PREFIX + compressToEncodedURIComponent(`{"a":"${'x'.repeat(IO_LIMITS.maxTextBytes)}"}`),
    );
    expect(r.ok === false && r.error.code).toBe('TOO_LARGE');
  }, 30_000);

  it('refuse data that is not lz-string, text that is not strict JSON, and JSON of the wrong schema', () => {
    const notLz = decodeShare('s=%%%');
    expect(notLz.ok === false && notLz.error.code).toBe('NOT_COMPRESSED');
    const noPrefix = decodeShare('hello');
    expect(noPrefix.ok === false && noPrefix.error.code).toBe('NOT_COMPRESSED');
    const notJson = decodeShare(SHARE_PREFIX + compressToEncodedURIComponent('{"format": "x",}'));
    expect(notJson.ok === false && notJson.error.code).toBe('NOT_JSON');
    const dup = decodeShare(SHARE_PREFIX + compressToEncodedURIComponent('{"format": "x", "format": "y"}'));
    expect(dup.ok === false && dup.error.detail).toContain('DUPLICATE_KEY');
    const wrong = decodeShare(
      SHARE_PREFIX +
        compressToEncodedURIComponent(
          JSON.stringify({ format: 'tool-result-playground-share-v1', mode: 'playground' }),
        ),
    );
    expect(wrong.ok === false && wrong.error.code).toBe('WRONG_SCHEMA');
    const proto = decodeShare(
      SHARE_PREFIX +
        compressToEncodedURIComponent(JSON.stringify({ ...sharePayloadOf(initialWork()), scenario: '__proto__' })),
    );
    expect(proto.ok === false && proto.error.code).toBe('WRONG_SCHEMA');
  });

  it('refuse to make a link the other side would refuse', async () => {
    const w = initialWork();
    const doc = builtinDoc('search_kb.hits');
    if (doc === null) throw new Error('no doc');
    let seed = 1;
    let noise = '';
    for (let i = 0; i < 400_000; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      noise += String.fromCharCode(0x4e00 + (seed % 20000));
    }
    w.docs['search_kb.hits'] = { ...doc, handlerText: noise };
    const r = await encodeShare(w);
    expect(r.ok === false && r.error.code).toBe('TOO_LARGE');
  });
});

describe('share links in the turn mode', () => {
  it('carry the open stream and its edits, and leave the receiver’s other streams alone', async () => {
    const doc = {
      stream: '[\n  {"type":"ping"}\n]\n',
      fault: 'event_after_terminal',
      handlers: { toolu_1: '{"kind":"success","data":{}}' },
    };
    const sender = {
      ...initialWork(),
      mode: 'turn' as const,
      turn: { stream: 'anthropic.one_call', docs: { 'anthropic.one_call': doc } },
    };
    const enc = await encodeShare(sender);
    expect(enc.ok).toBe(true);
    if (!enc.ok) return;
    const dec = decodeShare(enc.value);
    expect(dec.ok).toBe(true);
    if (!dec.ok) return;
    const receiverDoc = { stream: null, fault: 'cut_before_terminal', handlers: {} };
    const receiver = {
      ...initialWork(),
      turn: { stream: 'openai.one_call', docs: { 'gemini.one_call': receiverDoc } },
    };
    const after = applyShare(receiver, dec.value);
    expect(after.mode).toBe('turn');
    expect(after.turn).toEqual({
      stream: 'anthropic.one_call',
      docs: { 'gemini.one_call': receiverDoc, 'anthropic.one_call': doc },
    });
  });

  it('carry the step the sender is at, and open there; "to the end" is not a step a link can carry', async () => {
    const at = (step: number | undefined) => ({
      ...initialWork(),
      mode: 'turn' as const,
      turn: { stream: 'openai.one_call', docs: {}, ...(step !== undefined ? { step } : {}) },
    });
    const receiver = { ...initialWork(), turn: { stream: 'gemini.one_call', step: 3, docs: {} } };
    const opened = async (step: number | undefined) => {
      const enc = await encodeShare(at(step));
      if (!enc.ok) throw new Error(enc.error.detail);
      const dec = decodeShare(enc.value);
      if (!dec.ok) throw new Error(dec.error.detail);
      return applyShare(receiver, dec.value).turn;
    };
    expect(sharePayloadOf(at(6)).turn).toEqual({ stream: 'openai.one_call', step: 6 });
    expect(await opened(6)).toEqual({ stream: 'openai.one_call', step: 6, docs: {} });
    // The receiver's own step belongs to the stream it was taken in.
    expect(await opened(undefined)).toEqual({ stream: 'openai.one_call', docs: {} });
    expect(sharePayloadOf(at(Number.MAX_SAFE_INTEGER)).turn).toEqual({ stream: 'openai.one_call' });
  });

  it('outside the turn mode a link carries no turn part', () => {
    expect(sharePayloadOf(initialWork())).not.toHaveProperty('turn');
  });
});

describe('share links are as short as the state allows', () => {
  /** A link as the codec wrote it before 2026-12-01 (4aea2ce): every member present, the whole document. */
  const oldLink = (w: ReturnType<typeof initialWork>, extra: Record<string, unknown> = {}) =>
    SHARE_PREFIX +
    compressToEncodedURIComponent(
      JSON.stringify({
        format: 'tool-result-playground-share-v1',
        mode: w.mode,
        scenario: w.scenarioId,
        doc: currentDoc({ ...w, mode: 'playground' }),
        attack: w.attackId,
        ...extra,
      }),
    );

  it('leave out what equals the default: an unedited scenario carries no document, no attack means no member', async () => {
    const w = {
      ...initialWork(),
      scenarioId: 'search_kb.injection',
      mode: 'attack' as const,
      attackId: 'A14' as const,
    };
    const p = sharePayloadOf(w);
    expect(p).not.toHaveProperty('doc');
    expect(sharePayloadOf(initialWork())).not.toHaveProperty('attack');
    const enc = await encodeShare(w);
    if (!enc.ok) throw new Error('encode');
    const old = oldLink(w);
    // Measured: 143 characters against the old 1,276.
    expect(enc.value.length * 5).toBeLessThan(old.length);
    const dec = decodeShare(enc.value);
    if (!dec.ok) throw new Error('decode');
    const opened = applyShare(initialWork(), dec.value);
    expect(currentDoc(opened)).toEqual(builtinDoc('search_kb.injection'));
    expect(opened.attackId).toBe('A14');
  });

  it('carry only the part that was edited', () => {
    const w = edited();
    const p = sharePayloadOf(w);
    expect(p.doc).toHaveProperty('handlerText');
    expect(p.doc).not.toHaveProperty('context');
  });

  it('read the links made before, to the same work', () => {
    for (const w of [
      edited(),
      initialWork(),
      { ...initialWork(), mode: 'attack' as const, attackId: 'A14' as const, scenarioId: 'search_kb.injection' },
    ]) {
      const dec = decodeShare(oldLink(w));
      if (!dec.ok) throw new Error(`old link refused: ${dec.error.detail}`);
      const opened = applyShare(initialWork(), dec.value);
      expect(currentDoc(opened)).toEqual(currentDoc({ ...w, mode: 'playground' }));
      expect(opened.attackId).toBe(w.attackId);
      expect(opened.mode).toBe(w.mode);
    }
    const turnDoc = { stream: null, fault: null, handlers: {} };
    const dec = decodeShare(
      oldLink({ ...initialWork(), mode: 'turn' }, { turn: { stream: 'gemini.one_call', doc: turnDoc } }),
    );
    if (!dec.ok) throw new Error(`old turn link refused: ${dec.error.detail}`);
    expect(applyShare(initialWork(), dec.value).turn.stream).toBe('gemini.one_call');
  });

  it('refuse a link to a scenario that is not built in without its document: nothing could fill it', () => {
    const r = decodeShare(
      SHARE_PREFIX +
        compressToEncodedURIComponent(
          JSON.stringify({ format: 'tool-result-playground-share-v1', mode: 'playground', scenario: 'mine.imported' }),
        ),
    );
    expect(r.ok === false && r.error.code).toBe('WRONG_SCHEMA');
    expect(r.ok === false && r.error.detail).toContain('mine.imported');
  });
});

describe('share links in the recovery lab', () => {
  const log = [
    { do: 'fault', fault: 'lose_response' },
    { do: 'dispatch' },
    { do: 'advance', ms: 60_000 },
    { do: 'retry', kind: 'same_key' },
  ] as const;
  const sender = {
    ...initialWork(),
    mode: 'recovery' as const,
    recoveryCase: 'conflict' as const,
    recoveryBroken: 'no_fingerprint' as const,
    recoveryLog: log.map((a) => ({ ...a })),
  };

  it('carry the case, the broken plane and the learner’s actions, and open them in place of the receiver’s', async () => {
    const enc = await encodeShare(sender);
    if (!enc.ok) throw new Error(enc.error.detail);
    const dec = decodeShare(enc.value);
    if (!dec.ok) throw new Error(dec.error.detail);
    const receiver = { ...initialWork(), recoveryCase: 'audit' as const, recoveryLog: [{ do: 'verify' as const }] };
    const after = applyShare(receiver, dec.value);
    expect(after).toMatchObject({ mode: 'recovery', recoveryCase: 'conflict', recoveryBroken: 'no_fingerprint' });
    expect(after.recoveryLog).toEqual(log);
    expect(losesWork(receiver, after)).toBe(true);
    // Outside the lab a link carries no actions: they would replay onto a case nobody is looking at.
    expect(sharePayloadOf({ ...sender, mode: 'playground' })).not.toHaveProperty('recovery_log');
    expect(applyShare(receiver, sharePayloadOf({ ...sender, mode: 'playground' })).recoveryLog).toBeUndefined();
  });

  it('refuse a log the lab cannot replay, saying where, before anything is applied', () => {
    const payload = { ...sharePayloadOf(sender), recovery_log: [{ do: 'dispatch' }, { do: 'advance', ms: -5 }] };
    const r = decodeShare(SHARE_PREFIX + compressToEncodedURIComponent(JSON.stringify(payload)));
    expect(r.ok === false && r.error.code).toBe('WRONG_SCHEMA');
    expect(r.ok === false && r.error.detail).toMatch(/^\/recovery_log\/1\/ms: /);
    const long = { ...sharePayloadOf(sender), recovery_log: Array.from({ length: 201 }, () => ({ do: 'verify' })) };
    const l = decodeShare(SHARE_PREFIX + compressToEncodedURIComponent(JSON.stringify(long)));
    expect(l.ok === false && l.error.detail).toMatch(/^\/recovery_log: /);
  });
});
