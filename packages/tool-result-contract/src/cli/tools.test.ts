/** Every command that checks against a registry takes the engineer's own with `--tools T.mjs` (docs/contract.md#the-cli). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CliCourse } from './cliCourse.ts';
import { run } from './run.ts';
import { chapterCourse, findScenario } from '../../../../src/chapter/index.ts';

const TOOLS = fileURLToPath(new URL('../../test/control/billing.ts', import.meta.url));
const NOT_TOOLS = fileURLToPath(new URL('./badInput.ts', import.meta.url));

async function cli(argv: string[], files: Record<string, string> = {}, course: CliCourse | null = chapterCourse) {
  let stdout = '';
  let stderr = '';
  const code = await run(
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
    course ?? undefined,
  );
  return { code, stdout, stderr, json: stdout === '' ? null : (JSON.parse(stdout) as Record<string, unknown>) };
}

const paid = findScenario('get_order.paid');
if (paid === null) throw new Error('no get_order.paid');
const context = {
  ...paid.context,
  tool: 'get_invoice',
  arguments: { invoice_ref: 'INV-42' },
};
const handler = {
  kind: 'success',
  data: { invoice_ref: 'INV-42', total_cents: 1200 },
  provenance: {
    source_label: 'billing',
    producer_revision: 'billing-v1',
    resource_revision: 'ledger-r1',
    observed_at: '2026-07-19T00:00:00Z',
  },
};
const files = { 'h.json': JSON.stringify(handler), 'c.json': JSON.stringify(context) };

describe('--tools T.mjs', () => {
  it('schema: the own tool’s data schema; without --tools the chapter’s registry, which says how to pass one', async () => {
    const own = await cli(['schema', '--tool', 'get_invoice', '--part', 'data', '--tools', TOOLS]);
    expect(own.code).toBe(0);
    expect(own.json).toMatchObject({ properties: { invoice_ref: { type: 'string' }, total_cents: {} } });
    const chapter = await cli(['schema', '--tool', 'get_invoice']);
    expect(chapter.code).toBe(2);
    expect(chapter.stderr).toMatch(/get_order, create_refund_draft, search_kb \(the chapter’s; --tools T\.mjs/);
  });

  it('project and validate: the own tool’s output succeeds under --tools and is UNKNOWN_TOOL under the chapter’s', async () => {
    const p = await cli(['project', '--handler', 'h.json', '--context', 'c.json', '--tools', TOOLS], files);
    expect(p.code).toBe(0);
    expect(p.json).toMatchObject({ model_result: { status: 'succeeded', data: { total_cents: 1200 } } });
    const withPkg = { ...files, 'p.json': p.stdout };
    const v = await cli(['validate', '--package', 'p.json', '--context', 'c.json', '--tools', TOOLS], withPkg);
    expect([v.code, v.json]).toEqual([0, { ok: true, violations: [] }]);
    const pay = await cli(['payload', '--tools', TOOLS, '--package', 'p.json', '--context', 'c.json'], withPkg);
    expect([pay.code, pay.json?.type]).toEqual([0, 'function_call_output']);
    const chapter = await cli(['project', '--handler', 'h.json', '--context', 'c.json'], files);
    expect(chapter.json).toMatchObject({ model_result: { status: 'failed', error: { code: 'UNKNOWN_TOOL' } } });
    // A package made for one registry does not validate against another: its tool contract is not there.
    const cross = await cli(['validate', '--package', 'p.json', '--context', 'c.json'], withPkg);
    expect(cross.code).toBe(1);
  });

  it('bad input, named: no path, a module with no spec, one that cannot be imported, a fixture with --tools', async () => {
    expect(await cli(['schema', '--tool', 'x', '--tools'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--tools needs a module path/),
    });
    expect(await cli(['schema', '--tool', 'x', '--tools', NOT_TOOLS])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/badInput\.ts: exports no tool spec/),
    });
    expect(await cli(['schema', '--tool', 'x', '--tools', '/nonexistent/t.mjs'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/t\.mjs: cannot import it/),
    });
    expect(await cli(['turn', '--fixture', 'openai.one_call', '--tools', TOOLS])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--fixture runs the chapter’s tools/),
    });
  });
});

describe('the installed bin: no course, so the registry is always the engineer’s own', () => {
  it('the commands that check against a registry need --tools, and work with it', async () => {
    for (const argv of [
      ['schema', '--tool', 'get_invoice'],
      ['project', '--handler', 'h.json', '--context', 'c.json'],
      ['validate', '--package', 'h.json', '--context', 'c.json'],
      ['payload', '--package', 'h.json', '--context', 'c.json'],
      ['turn', '--fixture', 'openai.one_call'],
    ])
      expect(await cli(argv, files, null)).toMatchObject({
        code: 2,
        stdout: '',
        stderr: expect.stringMatching(new RegExp(`^error: ${argv[0]} needs --tools T\\.mjs`)),
      });
    const own = await cli(
      ['project', '--handler', 'h.json', '--context', 'c.json', '--tools', TOOLS],
      files,
      undefined,
    );
    expect(own.json).toMatchObject({ model_result: { status: 'succeeded' } });
  });

  it('what only a course has, named by id, is refused with what to give instead', async () => {
    expect(await cli(['list'], {}, null)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/this CLI has none/),
    });
    expect(await cli(['project', '--scenario', 'get_order.paid', '--tools', TOOLS], {}, null)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no course to open scenarios by id; give a FILE\.json/),
    });
    expect(await cli(['turn', '--fixture', 'openai.one_call', '--tools', TOOLS], {}, null)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--fixture opens a course’s turn fixtures: this CLI has none/),
    });
  });
});
