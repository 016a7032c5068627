/** The CLI's `turn` command and `--help`, in-process (docs/turn-contract.md#the-turn-command). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../test/support/vectors.ts';
import { describe, expect, it } from 'vitest';
import { toSse } from '../../test/support/turnSse.ts';
import { cli } from '../../test/support/cli.ts';
import { isHealthyFixture, turnFixtures, type TurnFixture } from '../../../../src/chapter/index.ts';

const filesOf = (f: TurnFixture, stream = toSse(f)) => ({
  's.sse': stream,
  't.json': JSON.stringify(f.turn_context),
  'h.json': JSON.stringify(f.handlers),
});
const fileArgs = (f: TurnFixture) => [
  'turn',
  '--provider',
  f.provider,
  '--stream',
  's.sse',
  '--turn-context',
  't.json',
  '--handlers',
  'h.json',
];
const MEMBERS = ['provider', 'response_id', 'terminal', 'calls', 'problems', 'notes', 'continuation', 'refused'];

describe('cli turn --fixture: every fixture', () => {
  it.each(turnFixtures.map((f) => [f.id, f] as const))('%s', (_id, f) => {
    const r = cli(['turn', '--fixture', f.id]);
    expect(Object.keys(r.json ?? {})).toEqual(MEMBERS);
    expect((r.json?.problems as { code: string }[]).map((p) => p.code)).toEqual(f.expect.problems);
    if (isHealthyFixture(f)) {
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(Object.keys((r.json?.calls as object[])[0] ?? {})).toEqual([
        'call_id',
        'name',
        'arguments',
        'gate',
        'package',
      ]);
      expect(r.json?.continuation).not.toBeNull();
    } else {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(`^turn refused: ${f.expect.problems[0]} at fixture ${f.id.replace('.', '\\.')} event \\d+: `),
      );
      expect(r.json?.continuation).toBeNull();
      for (const c of r.json?.calls as { gate: unknown; package: unknown }[])
        expect([c.gate, c.package]).toEqual([null, null]);
    }
  });
});

describe('cli turn with files', () => {
  it.each(turnFixtures.filter(isHealthyFixture).map((f) => [f.id, f] as const))(
    '%s: the SSE file answers as the fixture does, in both modes',
    (_id, f) => {
      for (const mode of ['stateless', 'stateful']) {
        const fromFiles = cli([...fileArgs(f), '--mode', mode], filesOf(f));
        const fromFixture = cli(['turn', '--fixture', f.id, '--mode', mode]);
        expect(fromFiles.stdout).toBe(fromFixture.stdout);
        expect(fromFiles.code).toBe(f.provider === 'anthropic' && mode === 'stateful' ? 1 : 0);
      }
    },
  );
  it('Anthropic stateful: exit 1, the refusal in refused, one line on stderr', () => {
    const r = cli(['turn', '--fixture', 'anthropic.one_call', '--mode', 'stateful']);
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ continuation: null, refused: { code: 'CONTINUATION_REFUSED' } });
    expect(r.stderr).toMatch(/^continuation refused: .+\n$/);
  });
  it('a problem names the stream file, line and column of its event', () => {
    const f = turnFixtures.find((x) => x.id === 'anthropic.stream_order') as TurnFixture;
    const r = cli(fileArgs(f), filesOf(f));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^turn refused: STREAM_ORDER at s\.sse:8:7: /);
  });
  it('a handler output for a call the stream does not make is ignored and noted', () => {
    const f = turnFixtures.find((x) => x.id === 'gemini.one_call') as TurnFixture;
    const r = cli(fileArgs(f), {
      ...filesOf(f),
      'h.json': JSON.stringify({ ...f.handlers, fncall_nobody: { kind: 'exception' } }),
    });
    expect(r.code).toBe(0);
    expect(r.json?.notes).toEqual([
      {
        code: 'HANDLER_OUTPUT_UNUSED',
        detail: expect.stringContaining('fncall_nobody'),
        at: null,
        count: 1,
        params: { kind: 'handler_output_unused', call_id: 'fncall_nobody' },
      },
    ]);
  });
});

describe('cli turn: bad input never crashes', () => {
  const f = turnFixtures.find((x) => x.id === 'openai.one_call') as TurnFixture;
  it('a 5 MB stream: exit 2, refused before parsing, naming the file', () => {
    const r = cli(fileArgs(f), { ...filesOf(f), 's.sse': new Uint8Array(5 * 1024 * 1024).fill(0x20) });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(/^error: s\.sse: 5242880 bytes, over the 1 MiB limit/);
  });
  it('a 100 000-event stream: every event judged, no crash, in reasonable time', () => {
    const t0 = performance.now();
    const r = cli(fileArgs(f), {
      ...filesOf(f),
      's.sse': `[${Array.from({ length: 100_000 }, () => '{}').join(',')}]`,
    });
    const ms = performance.now() - t0;
    expect(r.code).toBe(1);
    expect((r.json?.problems as unknown[]).length).toBe(100_001); // 100 000 events without a type, and no terminal event
    expect(r.stderr).toMatch(/^turn refused: STREAM_ORDER at s\.sse:1:2: .+\(\+100000 more\)\n$/);
    console.log(`100 000-event stream through cli turn: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(20_000);
  });
  it('events that are not objects: STREAM_ORDER, exit 1', () => {
    const r = cli(fileArgs(f), { ...filesOf(f), 's.sse': '1\n"two"\nnull\n[4]\n' });
    expect(r.code).toBe(1);
    expect((r.json?.problems as { code: string; at: number }[]).map((p) => `${p.code}@${p.at}`)).toEqual([
      'STREAM_ORDER@0',
      'STREAM_ORDER@1',
      'STREAM_ORDER@2',
      'STREAM_ORDER@3',
      'STREAM_UNTERMINATED@4',
    ]);
  });
  it('an SSE data: line that is not JSON: exit 2 with file, line and column', () => {
    const r = cli(fileArgs(f), {
      ...filesOf(f),
      's.sse': 'event: response.created\ndata: {"type":"response.created",}\n\n',
    });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(/^error: s\.sse:2:33: SYNTAX: SSE data is not JSON: /);
  });
  it('a stream that is not UTF-8: exit 2', () => {
    const r = cli(fileArgs(f), { ...filesOf(f), 's.sse': new Uint8Array([0x5b, 0xff, 0x5d]) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: s\.sse:1:/);
  });
  it.each([
    [['turn', '--provider', 'mistral', '--stream', 's.sse', '--turn-context', 't.json'], /unknown provider "mistral"/],
    [['turn', '--provider', 'openai', '--stream', 's.sse'], /needs --provider, --stream and --turn-context/],
    [['turn', '--fixture', 'openai.nope'], /unknown turn fixture/],
    [['turn', '--fixture', 'openai.one_call', '--mode', 'lazy'], /--mode must be stateful or stateless/],
    [['turn', '--fixture', 'openai.one_call', '--stream', 's.sse'], /--fixture stands alone/],
    [
      ['turn', '--provider', 'openai', '--stream', 's.sse', '--turn-context', 't.json'],
      /^error: --handlers \(not given\): call "call_FIXTURE_oa01" .*needs a handler output/,
    ],
  ])('%j → exit 2', (argv, message) => {
    const r = cli(argv as string[], filesOf(f));
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(message);
  });
  it('a call with no entry in the turn context: exit 2 naming T.json and the call id', () => {
    const r = cli(fileArgs(f), { ...filesOf(f), 't.json': JSON.stringify({ ...f.turn_context, calls: {} }) });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(/^error: t\.json: call "call_FIXTURE_oa01" reached the gate with no entry/);
  });
  it('a turn context that is not valid JSON: exit 2 with line and column', () => {
    const r = cli(fileArgs(f), { ...filesOf(f), 't.json': '{\n "principal": }' });
    expect(r.stderr).toMatch(/^error: t\.json:2:15: SYNTAX/);
    expect(r.code).toBe(2);
  });
});

describe('--help', () => {
  it.each([[['--help']], [['-h']], [['help']]])('%j prints the usage, exit 0', (argv) => {
    const r = cli(argv);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^usage:\n/);
    for (const c of ['project', 'validate', 'payload', 'turn', 'list']) expect(r.stdout).toContain(`cli ${c}`);
  });
  it.each(['project', 'validate', 'payload', 'turn', 'list'])(
    "cli %s --help prints that command's usage, exit 0",
    (command) => {
      const r = cli([command, '--help']);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(new RegExp(`^usage:\\n  cli ${command} `));
    },
  );
});

describe('the README examples (docs/turn-examples)', () => {
  const read = (p: string) => readFileSync(join(projectRoot, p), 'utf8');
  const files = Object.fromEntries(
    [
      'openai.stream.sse',
      'openai.turn-context.json',
      'openai.handlers.json',
      'anthropic.stream.sse',
      'anthropic.turn-context.json',
      'anthropic.handlers.json',
      'gemini.stream.jsonl',
      'gemini.turn-context.json',
    ].map((n) => [n, read(`docs/turn-examples/${n}`)]),
  );
  it('each runs as the README shows it', () => {
    const o = cli(
      [
        'turn',
        '--provider',
        'openai',
        '--stream',
        'openai.stream.sse',
        '--turn-context',
        'openai.turn-context.json',
        '--handlers',
        'openai.handlers.json',
      ],
      files,
    );
    expect(o).toMatchObject({
      code: 0,
      json: { response_id: 'resp_FIXTURE_oa01', calls: [{ gate: 'handler', arguments: { order_ref: 'ORDER-7' } }] },
    });
    const a = cli(
      [
        'turn',
        '--provider',
        'anthropic',
        '--stream',
        'anthropic.stream.sse',
        '--turn-context',
        'anthropic.turn-context.json',
        '--handlers',
        'anthropic.handlers.json',
      ],
      files,
    );
    expect(a.code).toBe(0);
    expect(
      (a.json?.calls as { package: { protected_audit: { binding: { algorithm: string } } } }[]).map(
        (c) => c.package.protected_audit.binding.algorithm,
      ),
    ).toEqual(['hmac-sha256', 'hmac-sha256']);
    const g = cli(
      [
        'turn',
        '--provider',
        'gemini',
        '--stream',
        'gemini.stream.jsonl',
        '--turn-context',
        'gemini.turn-context.json',
        '--mode',
        'stateful',
      ],
      files,
    );
    expect(g).toMatchObject({
      code: 0,
      json: {
        calls: [{ name: 'send_email', gate: 'UNKNOWN_TOOL' }],
        continuation: { previous_interaction_id: 'v1_FIXTURE_ge04' },
      },
    });
  });
});

describe('cli turn: ends without calls, pause_turn, the empty Gemini id (as real streams showed them: docs/turn-contract.md#what-providers-really-send)', () => {
  const ctx = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      principal: { tenant: 'tenant-acme-retail', subject: 'user-7f3a9c21' },
      now: '2026-07-19T00:01:00Z',
      calls: {},
      history: [],
      ...extra,
    });
  const lines = (events: unknown[]) => events.map((e) => JSON.stringify(e)).join('\n');
  const anthropicEnd = (
    stop_reason: string,
    blocks: unknown[] = [
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'Hi.' } },
      { type: 'content_block_stop', index: 0 },
    ],
  ) =>
    lines([
      { type: 'message_start', message: { id: 'msg_1', content: [] } },
      ...blocks,
      { type: 'message_delta', delta: { stop_reason } },
      { type: 'message_stop' },
    ]);
  const args = (provider: string) => [
    'turn',
    '--provider',
    provider,
    '--stream',
    's.jsonl',
    '--turn-context',
    't.json',
  ];
  it.each([
    [
      'openai',
      lines([
        { type: 'response.created', sequence_number: 0, response: { id: 'r' } },
        { type: 'response.completed', sequence_number: 1, response: { id: 'r', status: 'completed', output: [] } },
      ]),
    ],
    ['anthropic', anthropicEnd('end_turn')],
    [
      'gemini',
      lines([
        { event_type: 'interaction.created', interaction: { id: 'v1' } },
        { event_type: 'interaction.completed', interaction: { id: 'v1', status: 'completed' } },
      ]),
    ],
  ])('%s final answer: exit 0, no continuation, not refused', (p, s) => {
    const r = cli(args(p), { 's.jsonl': s, 't.json': ctx() });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.json).toMatchObject({ problems: [], continuation: null, refused: null });
  });
  it('another end without calls: exit 1, refused with that end', () => {
    const r = cli(args('anthropic'), { 's.jsonl': anthropicEnd('max_tokens'), 't.json': ctx() });
    expect(r.code).toBe(1);
    expect(r.json?.refused).toMatchObject({ params: { kind: 'ended_without_calls', end: { status: 'max_tokens' } } });
    expect(r.stderr).toMatch(/^continuation refused: .*max_tokens/);
  });
  it('pause_turn: exit 0, the assistant content and no user message', () => {
    const server = [
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
      },
      { type: 'content_block_stop', index: 0 },
    ];
    const r = cli(args('anthropic'), { 's.jsonl': anthropicEnd('pause_turn', server), 't.json': ctx() });
    expect(r.code).toBe(0);
    expect((r.json?.continuation as { messages: { role: string }[] }).messages.map((m) => m.role)).toEqual([
      'assistant',
    ]);
  });
  it('a Gemini call under the empty interaction id without response_ref: exit 2, naming the turn context and the call', () => {
    const s = lines([
      { event_type: 'interaction.created', interaction: { id: '' } },
      {
        event_type: 'step.start',
        index: 0,
        step: { type: 'function_call', id: 'fc_1', name: 'send_email', arguments: {} },
      },
      { event_type: 'step.stop', index: 0 },
      { event_type: 'interaction.completed', interaction: { id: '', status: 'requires_action' } },
    ]);
    const entry = { calls: { fc_1: { operation_id: 'op_1', idempotency_key: 'idem_1_0123456789abcdef' } } };
    const bad = cli(args('gemini'), { 's.jsonl': s, 't.json': ctx(entry) });
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toMatch(/t\.json: .*"fc_1".*response_ref/);
    const good = cli(args('gemini'), { 's.jsonl': s, 't.json': ctx({ ...entry, response_ref: 'req_dispatcher_1' }) });
    expect(good.code).toBe(0);
    expect((good.json?.calls as { gate: string }[])[0]?.gate).toBe('UNKNOWN_TOOL');
    expect(good.json?.continuation).toMatchObject({ store: false });
  });
});
