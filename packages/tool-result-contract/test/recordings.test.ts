/**
 * docs/turn-contract.md#what-providers-really-send: every recorded stream (src/chapter/recordings) through assembleTurn,
 * the input gate (dispatchTurn under the recording's turn context),
 * continueTurn and the CLI, to the outcome written for it from the protocols
 * and docs/turn-contract.md. The recorded tools are not in the registry, so the gate answers
 * each call UNKNOWN_TOOL: a normal result, which the continuation carries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleTurn } from '../src/core/turn/index.ts';
import { continueTurn } from '../src/core/turn/index.ts';
import { dispatchTurn } from '../src/core/turn/index.ts';
import { recordings, recordingSourceText, type Recording } from '../../../src/chapter/recordings/index.ts';
import { cli } from './support/cli.ts';
import { RECORDINGS_DIR, recordingText, replayedMembers } from './support/recordings.ts';
import { chapterTools } from '../../../src/chapter/index.ts';

const PROVIDERS = ['openai', 'anthropic', 'gemini'] as const;
const cases = recordings.map((r) => [r.id, r] as const);

function turnOf(r: Recording) {
  const turn = assembleTurn(r.provider, recordingText(r));
  const dispatched = turn.problems.length === 0 ? dispatchTurn(turn, r.turn_context, {}, chapterTools) : [];
  const continuation =
    turn.problems.length === 0
      ? continueTurn(r.provider, turn, dispatched, {
          tools: chapterTools,
          mode: 'stateless',
          history: r.turn_context.history,
        })
      : null;
  return { turn, dispatched, continuation };
}

describe('the corpus', () => {
  it('holds at least 40 recordings from at least four independent sources, every provider among them', () => {
    expect(recordings.length).toBeGreaterThanOrEqual(40);
    const sources = new Set(
      recordings.map((r) =>
        'repository' in r.source ? r.source.repository.split('/')[0] : new URL(r.source.page).hostname,
      ),
    );
    expect(sources.size).toBeGreaterThanOrEqual(4);
    for (const p of PROVIDERS) expect(recordings.filter((r) => r.provider === p).length).toBeGreaterThan(0);
  });
  it('every recording has its own file, a source with a licence, a container note and a unique id', () => {
    expect(new Set(recordings.map((r) => r.id)).size).toBe(recordings.length);
    for (const r of recordings) {
      expect(r.id.startsWith(`${r.provider}.rec_`)).toBe(true);
      expect(r.file).toMatch(new RegExp(`^${r.provider}/[a-z0-9_]+\\.(sse|jsonl)$`));
      expect(r.source.licence.length).toBeGreaterThan(0);
      if ('repository' in r.source) expect(r.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(r.container.length).toBeGreaterThan(0);
      expect(recordingText(r).length).toBeGreaterThan(0);
    }
  });
  it('the index names its format', () => {
    expect(
      (JSON.parse(readFileSync(join(RECORDINGS_DIR, 'recordings.json'), 'utf8')) as { format: string }).format,
    ).toBe('tool-turn-recordings-v1');
  });
  it('PROVENANCE.md lists every recording with its source and commit, as recordings.json does', () => {
    const md = readFileSync(join(RECORDINGS_DIR, 'PROVENANCE.md'), 'utf8');
    const rows = md.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows.length).toBe(recordings.length);
    for (const r of recordings) {
      const row = rows.find((l) => l.startsWith(`| \`${r.id}\` |`));
      expect(row, r.id).toBeDefined();
      expect(row).toContain('repository' in r.source ? r.source.path : r.source.page);
      expect(row).toContain('repository' in r.source ? r.source.commit : r.source.fetched);
      expect(row).toContain(r.source.licence);
    }
  });
  it('a docs capture names what was elided; the source reads as one line of link text', () => {
    for (const r of recordings.filter((x) => 'page' in x.source)) expect(r.elided).toMatch(/elide/);
    expect(recordingSourceText((recordings[0] as Recording).source)).toMatch(
      /^vercel\/ai: packages\/.+\(lines \d+-\d+ of \d+\)$/,
    );
  });
  it('a cut is said in the words given, from the numbers in the data (every `lines` reads as from-to of n)', () => {
    const words = {
      lines: (a: number, b: number, n: number) => `L${a}..${b}/${n}`,
      interaction: (n: number) => `I${n}`,
    };
    for (const r of recordings) {
      const s = r.source;
      if ('page' in s) continue;
      if (s.lines !== undefined) {
        const [, a, b, n] = /^(\d+)-(\d+) of (\d+)$/.exec(s.lines) ?? [];
        expect(a, `${r.id}: lines "${s.lines}"`).toBeDefined();
        expect(Number(a) <= Number(b) && Number(b) <= Number(n), r.id).toBe(true);
        expect(recordingSourceText(s, words)).toBe(`${s.repository}: ${s.path} (L${a}..${b}/${n})`);
      } else if (s.interaction !== undefined)
        expect(recordingSourceText(s, words)).toBe(`${s.repository}: ${s.path} (I${s.interaction})`);
    }
  });
});

describe('assembleTurn, the gate and continueTurn decide each recording as expected', () => {
  it.each(cases)('%s', (_id, r) => {
    const { turn, dispatched, continuation } = turnOf(r);
    const x = r.expect;
    if (x.response_id !== undefined) expect(turn.response_id).toBe(x.response_id);
    expect(turn.problems.map((p) => p.code)).toEqual(x.problems);
    expect(turn.calls.map((c) => ({ call_id: c.call_id, name: c.name, arguments: c.arguments }))).toEqual(x.calls);
    if (x.problem_detail !== undefined) expect(turn.problems[0]?.detail).toContain(x.problem_detail);
    if (x.notes_include !== undefined)
      expect(turn.notes.map((n) => `${n.code} ${n.detail}`).join('\n')).toContain(x.notes_include);
    if (x.problems.length > 0) return;
    expect(Object.fromEntries(dispatched.map((d) => [d.call.call_id, d.gate]))).toEqual(x.gates);
    // The trusted arguments, the digests and the replay hold one object (docs/turn-contract.md#arguments).
    for (const d of dispatched)
      expect(d.trusted.arguments).toEqual(x.calls.find((c) => c.call_id === d.call.call_id)?.arguments);
    switch (x.end) {
      case 'continued':
        expect(continuation).toMatchObject({ ok: true });
        break;
      case 'final_answer':
        // No call to answer: nothing is built and nothing is refused (docs/turn-contract.md#the-final-answer), the same on every provider.
        expect(dispatched).toEqual([]);
        expect(continuation?.ok === false ? continuation.detail : 'not refused').toBe('not refused');
        break;
      case 'refused':
        expect(continuation).toMatchObject({ ok: false, code: 'CONTINUATION_REFUSED' });
        break;
      case 'problems':
        throw new Error('an expectation of end "problems" lists its problems');
    }
    const body = continuation?.ok === true ? continuation.body : null;
    for (const e of x.replayed ?? []) {
      const got = replayedMembers(body, e);
      expect({ match: e.match, found: got.found }).toEqual({ match: e.match, found: true });
      expect(got.has).toEqual(e.has ?? {});
      expect(got.members).toEqual(Object.fromEntries((e.has_members ?? []).map((k) => [k, true])));
    }
    if (x.pause_turn === true) {
      const messages = (body as { messages: { role: string }[] }).messages;
      expect(messages.at(-1)?.role).toBe('assistant');
    }
  });
});

describe('cli turn answers each recording with its exit code', () => {
  it.each(cases)('%s', (_id, r) => {
    const stream = `s.${r.file.split('.').pop() ?? 'sse'}`;
    const out = cli(['turn', '--provider', r.provider, '--stream', stream, '--turn-context', 't.json'], {
      [stream]: recordingText(r),
      't.json': JSON.stringify(r.turn_context),
    });
    const json = out.json as {
      problems: { code: string }[];
      continuation: unknown;
      refused: unknown;
      calls: { call_id: string; gate: string | null }[];
    };
    expect(json.problems.map((p) => p.code)).toEqual(r.expect.problems);
    expect(json.calls.map((c) => c.call_id)).toEqual(r.expect.calls.map((c) => c.call_id));
    expect(out.code).toBe(r.expect.exit);
    expect(json.continuation !== null).toBe(r.expect.end === 'continued');
    expect(json.refused !== null).toBe(r.expect.end === 'refused');
    if (r.expect.problems.length === 0)
      expect(Object.fromEntries(json.calls.map((c) => [c.call_id, c.gate]))).toEqual(r.expect.gates);
  });
});
