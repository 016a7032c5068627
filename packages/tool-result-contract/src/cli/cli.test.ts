import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { run } from './run.ts';
import { chapterCourse, scenarios } from '../../../../src/chapter/index.ts';

function cli(argv: string[], files: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = run(
    argv,
    {
      readFile: (p) => {
        if (!(p in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
        return new TextEncoder().encode(files[p]);
      },
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
    },
    chapterCourse,
  );
  return { code, stdout, stderr, json: stdout === '' ? null : (JSON.parse(stdout) as Record<string, unknown>) };
}

describe('cli, in-process: every scenario through project, validate, payload', () => {
  it.each(scenarios.map((s) => s.id))('%s', (id) => {
    const p = cli(['project', '--scenario', id]);
    expect(p.code).toBe(0);
    expect(p.stderr).toBe('');
    expect(Object.keys(p.json ?? {})).toEqual(['model_result', 'protected_audit']);
    const files = { 'p.json': p.stdout, 'c.json': JSON.stringify(scenarios.find((s) => s.id === id)?.context) };
    expect(cli(['validate', '--package', 'p.json', '--context', 'c.json'], files)).toMatchObject({
      code: 0,
      json: { ok: true, violations: [] },
    });
    expect(cli(['validate', '--scenario', id])).toMatchObject({ code: 0, json: { ok: true } });
    const pay = cli(['payload', '--package', 'p.json', '--context', 'c.json'], files);
    expect(pay.code).toBe(0);
    expect(pay.json?.type).toBe('function_call_output');
    expect(pay.stdout).not.toContain('protected_audit');
  });
});

describe('cli, in-process: rejections and bad input', () => {
  const s = scenarios.find((x) => x.id === 'get_order.paid');
  const ctx = JSON.stringify(s?.context);
  const pkg = cli(['project', '--scenario', 'get_order.paid']).stdout;
  it('a tampered package: exit 1 with the codes, on stdout as JSON and on stderr as one line', () => {
    const tampered = pkg.replace('"status":"paid"', '"status":"refunded"');
    const r = cli(['validate', '--package', 'p.json', '--context', 'c.json'], { 'p.json': tampered, 'c.json': ctx });
    expect(r.code).toBe(1);
    expect((r.json?.violations as { code: string }[]).map((v) => v.code).sort()).toEqual([
      'CALL_BINDING_MISMATCH',
      'RESULT_DIGEST_MISMATCH',
    ]);
    expect(r.stderr).toBe('rejected: RESULT_DIGEST_MISMATCH, CALL_BINDING_MISMATCH\n');
    const p = cli(['payload', '--package', 'p.json', '--context', 'c.json'], { 'p.json': tampered, 'c.json': ctx });
    expect(p.code).toBe(1);
    expect(p.json?.refused).toBe(true);
  });
  it('a malformed file: exit 2, one line naming the file, line and column; nothing on stdout', () => {
    const r = cli(['validate', '--package', 'p.json', '--context', 'c.json'], {
      'p.json': '{\n  "model_result": {,\n}',
      'c.json': ctx,
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: p\.json:2:20: SYNTAX: .+\n$/);
  });
  it('duplicate keys are bad input (exit 2)', () => {
    const r = cli(['project', '--handler', 'h.json', '--context', 'c.json'], {
      'h.json': '{"kind":"error","kind":"success"}',
      'c.json': ctx,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('h.json:1:17: DUPLICATE_KEY');
  });
  it('an invalid context is bad input (exit 2) with the place', () => {
    const r = cli(['project', '--handler', 'h.json', '--context', 'c.json'], {
      'h.json': '{}',
      'c.json': ctx.replace('"fresh"', '"cached"'),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('c.json: not a valid trusted context: /delivery');
  });
  it('a handler output that breaks its contract is still a package (exit 0)', () => {
    const r = cli(['project', '--handler', 'h.json', '--context', 'c.json'], {
      'h.json': '{"kind":"success","data":{"token":"x"}}',
      'c.json': ctx,
    });
    expect(r.code).toBe(0);
    expect((r.json?.model_result as { error: { code: string } }).error.code).toBe('OUTPUT_CONTRACT_VIOLATION');
  });
  it.each([
    [['nope'], /unknown command/],
    [[], /usage/],
    [['project', '--scenario', 'no.such'], /unknown scenario/],
    [['project', '--handler', 'missing.json', '--context', 'c.json'], /missing\.json: cannot read \(ENOENT\)/],
    [['project', '--scenario'], /needs a value/],
    [['project', '--scenario', 'get_order.paid', '--context', 'c.json'], /stands alone/],
    [['validate', '--handler', 'x'], /unknown option --handler/],
  ])('usage error %j → exit 2', (argv, message) => {
    const r = cli(argv as string[], { 'c.json': ctx });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
  it('reads a scenario file (the playground export format) with --scenario FILE.json', () => {
    const r = cli(['validate', '--scenario', 'mine.json'], { 'mine.json': JSON.stringify(s) });
    expect(r).toMatchObject({ code: 0, json: { ok: true } });
  });
});

/**
 * A bin's own file run in this process as node would run it: the arguments in process.argv, real files,
 * process.stdout and process.stderr, the exit code in process.exitCode (spawning npm and tsx for this took 5–11 s).
 * Each run imports a fresh copy of the file alone (a query makes it another module); what it imports stays loaded.
 * The bins: the repository's `npm run cli` (the chapter as its course) and main.ts, the installed one (no course).
 */
const CHAPTER_BIN = '../../../../src/chapter/cli.ts';
const INSTALLED_BIN = './main.ts';
let runs = 0;
async function asNode(
  argv: string[],
  bin = CHAPTER_BIN,
): Promise<{ status: number | string | undefined; stdout: string; stderr: string }> {
  const saved = { argv: process.argv, exitCode: process.exitCode };
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((t) => ((stdout += String(t)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((t) => ((stderr += String(t)), true));
  process.argv = [process.execPath, 'tool-result', ...argv];
  process.exitCode = undefined;
  try {
    const main = `${bin}?run=${++runs}`;
    await import(/* @vite-ignore */ main);
    return { status: process.exitCode, stdout, stderr };
  } finally {
    process.argv = saved.argv;
    process.exitCode = saved.exitCode;
    out.mockRestore();
    err.mockRestore();
  }
}

describe('cli, as the bins (process.argv, files, stdout, stderr, exit code)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'));
  it('the installed bin opens no scenario by id and asks for the engineer’s --tools (exit 2)', async () => {
    const r = await asNode(['validate', '--scenario', 'search_kb.hits'], INSTALLED_BIN);
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: validate needs --tools T.mjs, a module exporting your defineTool specs\n',
    });
  });
  it('validate --scenario search_kb.hits prints {"ok":true,...} and exits 0', async () => {
    const r = await asNode(['validate', '--scenario', 'search_kb.hits']);
    expect(r.stdout).toBe(
      '{"ok":true,"violations":[],"scenario":{"model_result_status":"succeeded","model_result_error":null,"handler_output_refused":false,"handler_output_violations":[]}}\n',
    );
    expect(r.status).toBe(0);
  });
  it('exit codes 1 and 2 reach the process', async () => {
    const pkg = await asNode(['project', '--scenario', 'search_kb.hits']);
    expect(pkg.status).toBe(0);
    writeFileSync(
      join(dir, 'p.json'),
      pkg.stdout.replace('Refund policy for damaged items', 'Refunds are never possible'),
    );
    writeFileSync(join(dir, 'c.json'), JSON.stringify(scenarios[0]?.context));
    const rejected = await asNode(['validate', '--package', join(dir, 'p.json'), '--context', join(dir, 'c.json')]);
    expect(rejected.status).toBe(1);
    writeFileSync(join(dir, 'bad.json'), '{"a":1,}');
    const bad = await asNode(['validate', '--package', join(dir, 'bad.json'), '--context', join(dir, 'c.json')]);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(join(dir, 'bad.json'), 'utf8')).toBe('{"a":1,}');
  });
});

describe('cli validate --scenario says what the valid package carries', () => {
  it('a refused handler output: valid package (exit 0) carrying OUTPUT_CONTRACT_VIOLATION with its reasons', () => {
    const r = cli(['validate', '--scenario', 'create_refund_draft.status_injected']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({
      ok: true,
      violations: [],
      scenario: { model_result_error: 'OUTPUT_CONTRACT_VIOLATION', handler_output_refused: true },
    });
    expect(
      (r.json?.scenario as { handler_output_violations: { code: string }[] }).handler_output_violations.length,
    ).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/^valid package carrying OUTPUT_CONTRACT_VIOLATION: the handler output was refused \(/);
  });

  it('an accepted handler output says so and writes nothing on stderr', () => {
    const r = cli(['validate', '--scenario', 'get_order.paid']);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      json: {
        ok: true,
        scenario: {
          model_result_status: 'succeeded',
          model_result_error: null,
          handler_output_refused: false,
          handler_output_violations: [],
        },
      },
    });
  });
});

describe('cli schema', () => {
  it('prints JSON Schema 2020-12 of a tool’s model_result by default, of its data with --part data', () => {
    const whole = cli(['schema', '--tool', 'search_kb']);
    expect(whole.code).toBe(0);
    expect(whole.json).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      required: expect.arrayContaining(['data', 'provenance']),
    });
    const data = cli(['schema', '--tool', 'get_order', '--part', 'data']);
    expect(data.json).toMatchObject({ type: 'object', required: ['order_ref', 'status'], additionalProperties: false });
  });

  it('refuses an unknown tool or part as bad input (exit 2)', () => {
    expect(cli(['schema', '--tool', 'send_email'])).toMatchObject({ code: 2, stdout: '' });
    expect(cli(['schema', '--tool', 'get_order', '--part', 'audit']).code).toBe(2);
    expect(cli(['schema']).code).toBe(2);
  });
});
