/**
 * MCP documents in the learner's work (docs/scenarios.md#mcp-scenarios): the built-in MCP scenarios are known
 * before their chunk arrives, every document says its source, and saved work, share links and scenario files
 * keep it, while what was saved or shared before MCP scenarios reads as it did.
 */
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { mcpScenarios } from '../chapter/index.ts';
import { applyImport, decodeScenarioFile, scenarioFileOf } from './codecs/scenarioFile.ts';
import { parseSavedWork, serializeWork } from './codecs/savedWork.ts';
import { applyShare, decodeShare, encodeShare, SHARE_PREFIX, sharePayloadOf } from './codecs/shareLink.ts';
import { reducer, type AppState } from './reducer.ts';
import { EMPTY_PROGRESS } from './progress.ts';
import { parsePrefs } from './codecs/prefs.ts';
import {
  awaitingMcpData,
  builtinDoc,
  currentDoc,
  docOfScenario,
  initialWork,
  isEdited,
  knownScenario,
  listedScenarioIds,
  MCP_SCENARIO_IDS,
  provideMcpScenarios,
  type Doc,
  type Work,
} from './work.ts';

const utf8 = new TextEncoder();
const mismatch = (): (typeof mcpScenarios)[number] => {
  const s = mcpScenarios.find((x) => x.id === 'get_order.mcp_mismatch');
  if (s === undefined) throw new Error('no get_order.mcp_mismatch');
  return s;
};
const at = (scenarioId: string, docs: Record<string, Doc> = {}): Work => ({ ...initialWork(), scenarioId, docs });
const stateOf = (work: Work): AppState => ({
  work,
  prefs: parsePrefs(null),
  lang: 'zh',
  notices: [],
  nextId: 1,
  progress: EMPTY_PROGRESS,
});

// In order: the first describe runs before the chunk's data is given to the model, as a page does at boot.
describe('before the MCP chunk has loaded', () => {
  it('the ids are the chapter’s MCP scenarios, in order, and each is known and listed', () => {
    expect(MCP_SCENARIO_IDS).toEqual(mcpScenarios.map((s) => s.id));
    const listed = listedScenarioIds(initialWork());
    for (const id of MCP_SCENARIO_IDS) {
      expect(knownScenario(initialWork(), id)).toBe(true);
      expect(listed).toContain(id);
    }
  });

  it('an MCP scenario’s document is awaited: a stand-in marked mcp, which no edit writes into', () => {
    const w = at('get_order.mcp_mismatch');
    expect(awaitingMcpData(w)).toBe(true);
    expect(builtinDoc('get_order.mcp_mismatch')).toBeNull();
    expect(currentDoc(w).source).toBe('mcp');
    const s = reducer(stateOf(w), { type: 'setHandlerText', text: '{"typed": true}' });
    expect(s.work.docs).toEqual({});
  });

  it('a share link to an MCP scenario opens with its whole document, without the chunk', () => {
    // The link a sender made (with the data): handler text, context and source all carried.
    const doc = { ...docOfScenario(mismatch()), handlerText: '{"content": []}\n' };
    const payload = sharePayloadOf(at('get_order.mcp_mismatch', { 'get_order.mcp_mismatch': doc }));
    expect(payload.doc).toEqual(doc);
    const opened = applyShare(initialWork(), payload);
    expect(currentDoc(opened)).toEqual(doc);
    expect(awaitingMcpData(opened)).toBe(false);
  });

  it('a link naming an MCP scenario without its document opens the built-in one; while awaited, a link carries no stand-in', () => {
    const link = { format: 'tool-result-playground-share-v1', mode: 'playground', scenario: 'get_order.mcp_duplicate' };
    const dec = decodeShare(SHARE_PREFIX + compressToEncodedURIComponent(JSON.stringify(link)));
    if (!dec.ok) throw new Error(dec.error.detail);
    const mine = { ...currentDoc(at('get_order.mcp_duplicate')), handlerText: '{}\n' };
    const opened = applyShare(at('search_kb.hits', { 'get_order.mcp_duplicate': mine }), dec.value);
    expect(opened.scenarioId).toBe('get_order.mcp_duplicate');
    expect(opened.docs).toEqual({});
    expect(awaitingMcpData(opened)).toBe(true);
    expect(sharePayloadOf(opened).doc).toBeUndefined();
  });
});

describe('once the MCP chunk has loaded', () => {
  it('each built-in MCP scenario’s document says its source; nothing is awaited', () => {
    provideMcpScenarios(mcpScenarios);
    for (const s of mcpScenarios) {
      const w = at(s.id);
      expect(awaitingMcpData(w)).toBe(false);
      expect(currentDoc(w)).toEqual(docOfScenario(s));
      expect(currentDoc(w).source).toBe('mcp');
      expect(isEdited(w)).toBe(false);
    }
    expect(builtinDoc('search_kb.hits')?.source).toBeUndefined();
  });

  it('saved work keeps an edited MCP document and its source; an unedited one is not saved', () => {
    const edited = { ...docOfScenario(mismatch()), handlerText: '{"structuredContent": {}}\n' };
    const w = at('get_order.mcp_mismatch', {
      'get_order.mcp_mismatch': edited,
      'get_order.mcp_duplicate': builtinDoc('get_order.mcp_duplicate') as Doc,
    });
    const back = parseSavedWork(serializeWork(w));
    if (!back.ok) throw new Error(back.error.detail);
    expect(back.value.docs).toEqual({ 'get_order.mcp_mismatch': edited });
    expect(currentDoc(back.value).source).toBe('mcp');
  });

  it('work saved before MCP scenarios (no source anywhere) reads as it did: handler outputs', () => {
    const hits = builtinDoc('search_kb.hits') as Doc;
    const old = { ...hits, handlerText: hits.handlerText.replace('refund', 'refunds') };
    const w = at('search_kb.hits', { 'search_kb.hits': old });
    const text = serializeWork(w);
    expect(text).not.toContain('"source"');
    const back = parseSavedWork(text);
    if (!back.ok) throw new Error(back.error.detail);
    expect(currentDoc(back.value)).toEqual(old);
    expect(currentDoc(back.value).source).toBeUndefined();
  });

  it('a share link round-trips an edited MCP document, and an unedited one opens as shipped', async () => {
    for (const doc of [
      { ...docOfScenario(mismatch()), handlerText: '{"structuredContent": {"order_ref": "ORDER-7"}}\n' },
      docOfScenario(mismatch()),
    ]) {
      const w = at('get_order.mcp_mismatch', { 'get_order.mcp_mismatch': doc });
      const enc = await encodeShare(w);
      if (!enc.ok) throw new Error(enc.error.detail);
      const dec = decodeShare(enc.value);
      if (!dec.ok) throw new Error(dec.error.detail);
      const opened = applyShare(initialWork(), dec.value);
      expect(currentDoc(opened)).toEqual(doc);
      expect(isEdited(opened)).toBe(doc.handlerText !== docOfScenario(mismatch()).handlerText);
    }
  });

  it('an imported scenario file with source "mcp" opens as an MCP document, and exports as one', () => {
    const file = { ...mismatch(), id: 'get_order.my_server', title: { en: 'Mine', zh: '我的' } };
    const decoded = decodeScenarioFile(utf8.encode(JSON.stringify(file)));
    if (!decoded.ok) throw new Error(decoded.error.detail);
    const w = applyImport(initialWork(), decoded.value, false);
    expect(w.scenarioId).toBe('get_order.my_server');
    const doc = currentDoc(w);
    expect(doc.source).toBe('mcp');
    expect(listedScenarioIds(w)).toContain('get_order.my_server');
    const out = scenarioFileOf(w.scenarioId, doc, { title: file.title, summary: file.summary });
    if (!out.ok) throw new Error(out.error.detail);
    const again = decodeScenarioFile(utf8.encode(out.value));
    expect(again.ok && again.value).toEqual(file);
    // A file without source stays a handler output.
    const { source: _mcp, ...plain } = file;
    const handler = decodeScenarioFile(utf8.encode(JSON.stringify(plain)));
    if (!handler.ok) throw new Error(handler.error.detail);
    expect(currentDoc(applyImport(initialWork(), handler.value, false)).source).toBeUndefined();
  });
});
