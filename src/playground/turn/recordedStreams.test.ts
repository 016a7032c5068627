/**
 * The recorded streams in the turn mode (docs/turn-contract.md#what-providers-really-send): addressed like the
 * fixtures, loaded on demand and shown as recorded, read through the same
 * view (steps, decision, handler tab, next request), fault switches where
 * they apply, and the "without the rule" lines true of what the SDK helper
 * does with them (test/recordingsSdk.test.ts pins that).
 */
import { describe, expect, it } from 'vitest';
import { assembleTurn } from '#lib/core/turn/index.ts';
import { recordings } from '../../chapter/recordings/index.ts';
import { recordingText } from '../../../packages/tool-result-contract/test/support/recordings.ts';
import { parseSearch } from '../address.ts';
import { parseSavedWork, serializeWork } from '../codecs/savedWork.ts';
import { applyShare, decodeShare, encodeShare, sharePayloadOf } from '../codecs/shareLink.ts';
import { edited } from '../testWork.ts';
import { decodeStreamDocument, encodeStreamDocument } from './streamDocument.ts';
import { decideTurn } from './decision.ts';
import { withoutTheRule } from './problemStories.ts';
import { applyFault, faultsFor } from './faults.ts';
import { RECORDED_STREAM_IDS } from './recordedStreamIds.ts';
import { loadRecordedStream, recordingsOf } from './recordedStreams.ts';
import { buildTurnAddress, isTurnStreamId, turnAddressOf } from './turnAddress.ts';
import { EMPTY_TURN_DOC } from './turnWork.ts';
import { turnView } from './turnView.ts';

const cases = recordings.map((r) => [r.id, r] as const);

describe('recorded streams in the turn mode', () => {
  it('the first load’s list of recorded ids is exactly the recordings’ ids, in order; each provider has its group', () => {
    expect(RECORDED_STREAM_IDS).toEqual(recordings.map((r) => r.id));
    for (const p of ['openai', 'anthropic', 'gemini'] as const) expect(recordingsOf(p).length).toBeGreaterThan(0);
  });

  it.each(cases)('%s: addressed, loaded as recorded, read through the view to its expected end', async (id, r) => {
    const q = buildTurnAddress({ provider: r.provider, stream: id });
    expect(q).toBe(`?mode=turn&provider=${r.provider}&stream=${id}`);
    const a = parseSearch(q);
    expect(turnAddressOf(a.provider ?? null, a.stream ?? null)).toEqual({
      ok: true,
      address: { provider: r.provider, stream: id },
    });
    expect(isTurnStreamId(id)).toBe(true);

    const loaded = await loadRecordedStream(id);
    expect(loaded.text).toBe(recordingText(r));
    const v = turnView({ stream: id, doc: EMPTY_TURN_DOC, continuation: 'stateless', recorded: loaded });
    expect(v.fixture.id).toBe(id);
    expect(v.text).toBe(loaded.text);
    expect(v.textError).toBeNull();
    expect(v.overview?.marks.length).toBe(loaded.fixture.stream.length);
    // A pause_turn continues with no call to run: nothing is gated.
    const kind = r.expect.end === 'problems' ? 'stopped' : r.expect.calls.length === 0 ? 'no_calls' : 'gated';
    expect(v.decision?.kind).toBe(kind);
    // The recorded tools are not in the registry: the gate answers every call, no handler runs.
    if (v.decision?.kind === 'gated')
      expect(v.decision.calls.map((c) => [c.call_id, c.gate, c.runs])).toEqual(
        r.expect.calls.map((c) => [c.call_id, 'UNKNOWN_TOOL', false]),
      );
    expect(v.handlers).toEqual([]);
    expect(v.continuation.ok).toBe(r.expect.end === 'continued');
  });

  it('the fault switches apply exactly on the recordings that are healthy tool turns, and each shows its code there', async () => {
    for (const r of recordings) {
      const loaded = await loadRecordedStream(r.id);
      const v = turnView({ stream: r.id, doc: EMPTY_TURN_DOC, continuation: 'stateless', recorded: loaded });
      expect(v.faultsApply, r.id).toBe(r.expect.end === 'continued' && r.expect.calls.length > 0);
      if (!v.faultsApply) continue;
      for (const s of faultsFor(r.provider)) {
        const f = applyFault(s.id, r.provider, loaded.fixture.stream);
        if (!f.ok) continue; // e.g. a duplicate id needs two calls
        expect(new Set(assembleTurn(r.provider, f.events).problems.map((p) => p.code)), `${s.id} on ${r.id}`).toEqual(
          new Set([s.code]),
        );
      }
    }
  });

  it('a recorded stream open with an edit is saved and shared like a fixture', async () => {
    const turn = {
      stream: 'gemini.rec_function_call',
      docs: { 'gemini.rec_function_call': { stream: null, fault: 'cut_before_terminal', handlers: {} } },
    };
    const w = { ...edited(), mode: 'turn' as const, turn };
    const saved = parseSavedWork(serializeWork(w));
    expect(saved.ok && saved.value.turn).toEqual(turn);
    expect(sharePayloadOf(w).turn).toEqual({
      stream: 'gemini.rec_function_call',
      doc: turn.docs['gemini.rec_function_call'],
    });
    const fragment = await encodeShare(w);
    const link = fragment.ok ? decodeShare(fragment.value) : fragment;
    expect(link.ok && applyShare(edited(), link.value).turn).toMatchObject({
      stream: 'gemini.rec_function_call',
      docs: turn.docs,
    });
  });

  it('a recorded stream exported and imported keeps its base', async () => {
    const r = recordings.find((x) => x.provider === 'anthropic') ?? recordings[0];
    if (r === undefined) throw new Error('no recording');
    const text = encodeStreamDocument({ provider: r.provider, base: r.id, stream: recordingText(r) });
    expect(decodeStreamDocument(text)).toEqual({
      ok: true,
      document: { provider: r.provider, base: r.id, stream: recordingText(r) },
    });
    const other = encodeStreamDocument({ provider: 'gemini', base: r.id, stream: '' });
    expect(decodeStreamDocument(other)).toMatchObject({ ok: false, error: { pointer: '/base' } });
  });

  it('the “without the rule” lines stay true of what the SDK helper does with the refused recordings', async () => {
    const without = async (id: string) => {
      const loaded = await loadRecordedStream(id);
      const v = turnView({ stream: id, doc: EMPTY_TURN_DOC, continuation: 'stateless', recorded: loaded });
      return v.decision?.kind === 'stopped' ? v.decision.problems.map((p) => withoutTheRule('en', p)) : [];
    };
    // The SDK throws on a stream resumed mid-way: the story must not say it would have accepted it.
    const resumed = await without('openai.rec_resumed_starting_after');
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatch(/refuses this stream too/);
    // The SDK resolves some UNSUPPORTED_CALL recordings and rejects others: their story claims nothing about it.
    for (const id of [
      'openai.rec_local_shell_call',
      'openai.rec_shell_call',
      'openai.rec_client_tool_search',
      'openai.rec_mcp_approval_request',
      'openai.rec_apply_patch_call',
    ]) {
      for (const line of await without(id)) expect(line, id).not.toMatch(/SDK/);
    }
    // A message delivered whole in message_start, cut before message_stop: no argument was cut, so no story quotes a cut.
    const whole = await loadRecordedStream('anthropic.rec_message_whole_in_start');
    const cut = decideTurn(assembleTurn('anthropic', whole.fixture.stream.slice(0, 1)), whole.fixture.turn_context);
    expect(
      cut.kind === 'stopped' && cut.problems.map((p) => [p.code, /cut wherever/.test(withoutTheRule('en', p))]),
    ).toEqual([['STREAM_UNTERMINATED', false]]);
    // The SDK throws the error event: the story claims nothing about the SDK accepting it.
    for (const line of await without('openai.rec_error_then_failed')) expect(line).not.toMatch(/SDK/);
  });
});
