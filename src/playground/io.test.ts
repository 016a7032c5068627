import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { parseScenario, parseStrictJson, scenarios } from '../core/index.ts';
import { EMPTY_PROGRESS } from './progress.ts';
import {
  IO_LIMITS,
  SHARE_PREFIX,
  applyShare,
  decodeScenarioFile,
  decodeShare,
  encodeShare,
  languageFromNavigator,
  parsePrefs,
  parseSavedWork,
  parseSearch,
  resolveAddress,
  scenarioFileOf,
  searchOf,
  serializeWork,
  sharePayloadOf,
} from './io.ts';
import { decompressFromEncodedURIComponentBounded } from './lzBounded.ts';
import { losesWork, reducer, type AppState } from './state.ts';
import { builtinDoc, currentDoc, initialWork, isBuiltinScenario, knownScenario, type Work } from './work.ts';

const utf8 = new TextEncoder();

const edited = (): Work => {
  const w = initialWork();
  const doc = builtinDoc('search_kb.hits');
  if (doc === null) throw new Error('no doc');
  const items = [...w.exercise.items];
  items[2] = { ...(items[2] as NonNullable<(typeof items)[number]>), handlerText: '{"kind": "exception"}' };
  return {
    ...w,
    mode: 'attack',
    attackId: 'A3',
    docs: { 'search_kb.hits': { ...doc, handlerText: doc.handlerText.replace('refund policy', 'refund policy 退款 <b>x</b>') } },
    exercise: { items, activeIndex: 2 },
  };
};

describe('lzBounded', () => {
  it('decompresses exactly what lz-string does', () => {
    const samples = ['', 'a', 'hello hello hello', JSON.stringify(scenarios), '退款帮助 🚀 \u0000 \uffff', 'ab'.repeat(5000)];
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
    expect(decompressFromEncodedURIComponentBounded(bomb, IO_LIMITS.maxTextBytes)).toEqual({ ok: false, reason: 'TOO_LARGE' });
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
    const r = decodeShare(SHARE_PREFIX + compressToEncodedURIComponent(`{"a":"${'x'.repeat(IO_LIMITS.maxTextBytes)}"}`));
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
    const wrong = decodeShare(SHARE_PREFIX + compressToEncodedURIComponent(JSON.stringify({ format: 'tool-result-playground-share-v1', mode: 'playground' })));
    expect(wrong.ok === false && wrong.error.code).toBe('WRONG_SCHEMA');
    const proto = decodeShare(SHARE_PREFIX + compressToEncodedURIComponent(JSON.stringify({ ...sharePayloadOf(initialWork()), scenario: '__proto__' })));
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

describe('saved work', () => {
  it('round-trips', () => {
    const w = edited();
    const r = parseSavedWork(serializeWork(w));
    expect(r.ok && r.value).toEqual({ ...w, docs: w.docs });
  });

  it('reports corrupt text, the wrong schema and the wrong format', () => {
    expect(parseSavedWork('{"format":').ok).toBe(false);
    expect(parseSavedWork('[]').ok).toBe(false);
    const r = parseSavedWork(JSON.stringify({ format: 'something-else' }));
    expect(r.ok === false && r.error.code).toBe('WRONG_SCHEMA');
  });

  it('preferences fall back field by field', () => {
    expect(parsePrefs(null).theme).toBe('system');
    expect(parsePrefs('{"theme":"dark","lang":"klingon"}')).toMatchObject({ theme: 'dark', lang: null });
    expect(parsePrefs('not json').lang).toBeNull();
  });
});

describe('scenario files', () => {
  it('export is the CLI format, and import reads it back', () => {
    for (const s of scenarios) {
      const doc = builtinDoc(s.id);
      if (doc === null) throw new Error('no doc');
      const file = scenarioFileOf(s.id, doc, { title: s.title, summary: s.summary });
      expect(file.ok).toBe(true);
      if (!file.ok) continue;
      const parsed = parseStrictJson(file.value);
      expect(parsed.ok && parseScenario(parsed.value).ok).toBe(true);
      const back = decodeScenarioFile(utf8.encode(file.value));
      expect(back.ok && back.value).toEqual(s);
    }
  });

  it('export refuses a document whose text does not parse or whose context is invalid', () => {
    const doc = builtinDoc('search_kb.hits');
    if (doc === null) throw new Error('no doc');
    expect(scenarioFileOf('search_kb.hits', { ...doc, handlerText: '{' }, null).ok).toBe(false);
    expect(scenarioFileOf('search_kb.hits', { ...doc, context: { ...doc.context, now: 'yesterday' } }, null).ok).toBe(false);
  });

  it('import refuses an oversized file, invalid UTF-8, a BOM, loose JSON and the wrong schema', () => {
    const big = decodeScenarioFile(new Uint8Array(IO_LIMITS.maxCompressedBytes + 1));
    expect(big.ok === false && big.error.code).toBe('TOO_LARGE');
    const bad = decodeScenarioFile(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(bad.ok === false && bad.error.code).toBe('NOT_UTF8');
    const bom = decodeScenarioFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]));
    expect(bom.ok).toBe(false);
    const loose = decodeScenarioFile(utf8.encode('{"format": "tool-result-scenario-v1", // comment\n}'));
    expect(loose.ok === false && loose.error.code).toBe('NOT_JSON');
    const wrong = decodeScenarioFile(utf8.encode('{"format": "tool-result-scenario-v1"}'));
    expect(wrong.ok === false && wrong.error.code).toBe('WRONG_SCHEMA');
  });
});

describe('addresses', () => {
  const known = (id: string) => knownScenario(initialWork(), id);

  it('every scenario and attack has its own address', () => {
    expect(searchOf({ mode: 'playground', scenarioId: 'search_kb.hits', attackId: null })).toBe('?scenario=search_kb.hits');
    expect(searchOf({ mode: 'attack', scenarioId: 'search_kb.hits', attackId: 'A3' })).toBe('?scenario=search_kb.hits&attack=A3');
    expect(searchOf({ mode: 'exercise', scenarioId: 'search_kb.hits', attackId: null })).toBe('?mode=exercise');
    for (const s of scenarios) {
      const r = resolveAddress(initialWork(), parseSearch(searchOf({ mode: 'playground', scenarioId: s.id, attackId: null })), known, 'search_kb.hits');
      expect(r).toEqual({ place: { mode: 'playground', scenarioId: s.id, attackId: null }, problems: [] });
    }
  });

  it('unknown ids fall back and are reported, never thrown', () => {
    const r = resolveAddress(initialWork(), parseSearch('?scenario=nope.nope&attack=A99&mode=weird'), known, 'search_kb.hits');
    expect(r.place.scenarioId).toBe('search_kb.hits');
    expect(r.problems.map((p) => p.kind).sort()).toEqual(['unknown-attack', 'unknown-mode', 'unknown-scenario']);
    expect(resolveAddress(initialWork(), parseSearch('?attack=A3'), known, 'search_kb.hits').place).toEqual({ mode: 'attack', scenarioId: 'search_kb.hits', attackId: 'A3' });
  });

  it('language: Chinese when the browser prefers it first', () => {
    expect(languageFromNavigator(['zh-CN', 'en'])).toBe('zh');
    expect(languageFromNavigator(['zh'])).toBe('zh');
    expect(languageFromNavigator(['en-US', 'zh-CN'])).toBe('en');
    expect(languageFromNavigator([])).toBe('en');
  });
});

describe('state', () => {
  const base = (): AppState => ({ work: initialWork(), prefs: parsePrefs(null), lang: 'en', notices: [], nextId: 1, progress: EMPTY_PROGRESS });

  it('edits stay with their scenario when the learner switches away and back', () => {
    let s = base();
    s = reducer(s, { type: 'setHandlerText', text: 'my text' });
    s = reducer(s, { type: 'selectScenario', id: 'get_order.paid' });
    expect(currentDoc(s.work).handlerText).toBe(builtinDoc('get_order.paid')?.handlerText);
    s = reducer(s, { type: 'selectScenario', id: 'search_kb.hits' });
    expect(currentDoc(s.work).handlerText).toBe('my text');
  });

  it('in exercise mode the editor edits the active result', () => {
    let s = base();
    s = reducer(s, { type: 'setMode', mode: 'exercise' });
    s = reducer(s, { type: 'activateExercise', index: 3 });
    s = reducer(s, { type: 'setHandlerText', text: '{}' });
    expect(s.work.exercise.items[3]?.handlerText).toBe('{}');
    expect(s.work.docs).toEqual({});
    s = reducer(s, { type: 'resetExercise' });
    expect(s.work.exercise.items[3]?.handlerText).toBe(builtinDoc('search_kb.rate_limited')?.handlerText);
  });

  it('unknown scenario ids are ignored', () => {
    const s = reducer(base(), { type: 'selectScenario', id: 'nope.nope' });
    expect(s.work.scenarioId).toBe('search_kb.hits');
    expect(isBuiltinScenario('nope.nope')).toBe(false);
  });

  it('knows when a replacement would drop the learner’s work', () => {
    const w = edited();
    expect(losesWork(w, initialWork())).toBe(true);
    expect(losesWork(initialWork(), w)).toBe(false);
    expect(losesWork(w, w)).toBe(false);
  });
});

describe('attack ids', () => {
  it('the playground’s list is the core’s', async () => {
    const { ATTACK_IDS } = await import('../lessons/attacks.ts');
    const { ATTACK_ID_LIST } = await import('./work.ts');
    expect([...ATTACK_ID_LIST]).toEqual([...ATTACK_IDS]);
  });
});
