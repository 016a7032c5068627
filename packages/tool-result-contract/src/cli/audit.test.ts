/**
 * `audit verify` and `audit reconcile` over real PGlite directories: the
 * control plane runs the engineer's billing tools (test/control/billing.ts)
 * into a sqlStore in a directory, and each test tampers with a copy of it
 * through SQL, as someone who can write the store would. Opening a PGlite
 * directory takes seconds, so the stores are made once and copied.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlPlane, sqlStore, type AuditEntry, type Checkpoint, type Execution } from '../control/index.ts';
import { chainSha256 } from '../control/auditLink.ts';
import { billingWorld, dispatcher, invoiceCall, refundCall } from '../../test/control/billing.ts';
import { auditCommand } from './auditCommand.ts';
import { run } from './run.ts';

const KEY = { id: 'audit-key-test', secret: 'a1'.repeat(32) };
const root = mkdtempSync(join(tmpdir(), 'cli-audit-'));
let copies = 0;

async function cli(argv: string[], files: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    readFile: (p) => {
      const f = files[p];
      if (f === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return new TextEncoder().encode(f);
    },
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  });
  return {
    code,
    stdout,
    stderr,
    json: !stdout.startsWith('{') ? null : (JSON.parse(stdout) as Record<string, unknown>),
  };
}

interface Made {
  dir: string;
  entries: AuditEntry[];
  executions: Execution[];
  checkpoint: Checkpoint;
}

/** Four entries: a read, a refund, the refund asked again (replayed), another read. */
async function makeStore(dir: string, key?: typeof KEY): Promise<Made> {
  const db = new PGlite(dir);
  try {
    const world = billingWorld();
    const plane = createControlPlane({
      dispatcher,
      store: await sqlStore(db),
      runtimes: world.runtimes,
      authorize: () => true,
      ...(key === undefined ? {} : { key }),
    });
    const executions = [];
    executions.push(await plane.execute(invoiceCall('INV-42', 'invoice-key-0001')));
    executions.push(await plane.execute(refundCall({}, 'refund-key-0001')));
    executions.push(await plane.execute(refundCall({}, 'refund-key-0001')));
    executions.push(await plane.execute(invoiceCall('INV-7', 'invoice-key-0002')));
    return { dir, entries: await plane.auditEntries(), executions, checkpoint: await plane.checkpoint() };
  } finally {
    await db.close();
  }
}

/** A copy of `base`, changed by `change` as a writer of the store would change it. */
async function tampered(base: string, change: (db: PGlite) => Promise<unknown>): Promise<string> {
  const dir = join(root, `copy-${++copies}`);
  cpSync(base, dir, { recursive: true });
  const db = new PGlite(dir);
  try {
    await change(db);
  } finally {
    await db.close();
  }
  return dir;
}

/** The continuation body an OpenAI stateful turn would send: the results of these executions. */
function bodyOf(executions: readonly Execution[]) {
  return {
    previous_response_id: 'resp_billing_0001',
    input: executions.map((e) => dispatcher.toProviderItem(e.pkg, e.trusted)),
  };
}
const jsonl = (...bodies: unknown[]) => `${bodies.map((b) => JSON.stringify(b)).join('\n')}\n`;

let emptyPg: string;
let plain: Made;
let keyed: Made;

beforeAll(async () => {
  // One initdb (the slow part), copied: an empty PostgreSQL directory, then a plain store and a keyed one.
  emptyPg = join(root, 'empty-pg');
  const db = new PGlite(emptyPg);
  await db.waitReady;
  await db.close();
  cpSync(emptyPg, join(root, 'plain'), { recursive: true });
  cpSync(emptyPg, join(root, 'keyed'), { recursive: true });
  plain = await makeStore(join(root, 'plain'));
  keyed = await makeStore(join(root, 'keyed'), KEY);
}, 300_000);

afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000);

const T = { timeout: 120_000 };

describe('audit verify', T, () => {
  it('a log as the plane wrote it: exit 0, every entry checked, nothing on stderr', async () => {
    const r = await cli(['audit', 'verify', '--db', plain.dir]);
    expect(r).toMatchObject({ code: 0, stderr: '', json: { ok: true, entries: 4, checked: 4, broken: null } });
    const withCp = await cli(['audit', 'verify', '--db', plain.dir, '--checkpoint', 'c.json'], {
      'c.json': JSON.stringify(plain.checkpoint),
    });
    expect(withCp).toMatchObject({ code: 0, stderr: '', json: { ok: true, checked: 4 } });
  });

  it('keyed: clean with its key and checkpoint; without the key, broken at seq 1 and told to pass --key', async () => {
    const files = { 'k.json': JSON.stringify(KEY), 'c.json': JSON.stringify(keyed.checkpoint) };
    const ok = await cli(['audit', 'verify', '--db', keyed.dir, '--key', 'k.json', '--checkpoint', 'c.json'], files);
    expect(ok).toMatchObject({ code: 0, stderr: '', json: { ok: true, checked: 4 } });
    const noKey = await cli(['audit', 'verify', '--db', keyed.dir]);
    expect(noKey).toMatchObject({ code: 1, json: { ok: false, broken: { seq: 1, reason: 'CHAIN_MISMATCH' } } });
    expect(noKey.stderr).toBe(
      `audit verify: ${keyed.dir}: seq 1: CHAIN_MISMATCH: its chain_sha256 is not the link recomputed from its members ` +
        '(or the key is another) (0 of 4 entries link); the entries are keyed (HMAC bindings): pass --key\n',
    );
  });

  it('CHECKPOINT_TAG: a keyed checkpoint whose tag was changed names the checkpoint file (seq 0)', async () => {
    const forged = { ...keyed.checkpoint, tag: '0'.repeat(64) };
    const r = await cli(['audit', 'verify', '--db', keyed.dir, '--key', 'k.json', '--checkpoint', 'c.json'], {
      'k.json': JSON.stringify(KEY),
      'c.json': JSON.stringify(forged),
    });
    expect(r).toMatchObject({ code: 1, json: { broken: { seq: 0, reason: 'CHECKPOINT_TAG' } } });
    expect(r.stderr).toMatch(/^audit verify: c\.json: CHECKPOINT_TAG: /);
  });

  const entryTampers: [string, (db: PGlite) => Promise<unknown>, number][] = [
    ['MALFORMED_ENTRY', (db) => db.query(`UPDATE trc_audit_entries SET attempts = 'not json' WHERE seq = 2`), 2],
    // A member named twice, the forged value first: JSON.parse would keep the original, last, and the chain would hold.
    [
      'MALFORMED_ENTRY',
      (db) =>
        db.query(
          `UPDATE trc_audit_entries SET protected_audit = '{"downstream":{"request_ref":null,"receipt_ref":"RF-FORGED",' ||
            '"status_ref":null},' || substr(protected_audit, 2) WHERE seq = 2`,
        ),
      2,
    ],
    [
      'CHAIN_MISMATCH',
      (db) => db.query(`UPDATE trc_audit_entries SET at = '2026-01-01T00:00:00.000Z' WHERE seq = 2`),
      2,
    ],
    [
      'PREV_MISMATCH',
      (db) => db.query(`UPDATE trc_audit_entries SET prev_chain_sha256 = $1 WHERE seq = 3`, ['f'.repeat(64)]),
      3,
    ],
    ['SEQ_GAP', (db) => db.query('DELETE FROM trc_audit_entries WHERE seq = 2'), 2],
    [
      'SEQ_REPEATED',
      (db) =>
        db.exec(`ALTER TABLE trc_audit_entries DROP CONSTRAINT trc_audit_entries_pkey;
          INSERT INTO trc_audit_entries SELECT * FROM trc_audit_entries WHERE seq = 2`),
      3,
    ],
  ];
  it.each(entryTampers)('%s: exit 1, the seq on stdout and stderr', async (reason, change, seq) => {
    const dir = await tampered(plain.dir, change);
    const r = await cli(['audit', 'verify', '--db', dir]);
    expect(r).toMatchObject({ code: 1, json: { ok: false, broken: { seq, reason } } });
    expect(r.stderr).toMatch(new RegExp(`^audit verify: ${dir}: seq ${seq}: ${reason}: .+\\n$`));
  });

  it('a tail cut: clean without a checkpoint, SHORTER_THAN_CHECKPOINT with the one taken before', async () => {
    const dir = await tampered(plain.dir, (db) => db.query('DELETE FROM trc_audit_entries WHERE seq = 4'));
    expect(await cli(['audit', 'verify', '--db', dir])).toMatchObject({ code: 0, json: { ok: true, entries: 3 } });
    const r = await cli(['audit', 'verify', '--db', dir, '--checkpoint', 'c.json'], {
      'c.json': JSON.stringify(plain.checkpoint),
    });
    expect(r).toMatchObject({ code: 1, json: { broken: { seq: 4, reason: 'SHORTER_THAN_CHECKPOINT' } } });
  });

  /** Entry 2 given another time, and every link from it on recomputed without a key: the storage tamper. */
  const rebuild = (entries: readonly AuditEntry[]) => async (db: PGlite) => {
    let prev = (entries[0] as AuditEntry).chain_sha256;
    for (const e of entries.slice(1)) {
      const at = e.seq === 2 ? '2026-07-19T00:00:00.000Z' : e.at;
      const chain = chainSha256({ ...e, at }, e.seq, prev, undefined);
      await db.query('UPDATE trc_audit_entries SET at = $1, prev_chain_sha256 = $2, chain_sha256 = $3 WHERE seq = $4', [
        at,
        prev,
        chain,
        e.seq,
      ]);
      prev = chain;
    }
  };

  it('a plain rebuild passes alone; the checkpoint kept elsewhere finds it (CHECKPOINT_MISMATCH)', async () => {
    const dir = await tampered(plain.dir, rebuild(plain.entries));
    expect(await cli(['audit', 'verify', '--db', dir])).toMatchObject({ code: 0, json: { ok: true, checked: 4 } });
    const r = await cli(['audit', 'verify', '--db', dir, '--checkpoint', 'c.json'], {
      'c.json': JSON.stringify(plain.checkpoint),
    });
    expect(r).toMatchObject({ code: 1, json: { broken: { seq: 4, reason: 'CHECKPOINT_MISMATCH' } } });
  });

  it('the same rebuild of a keyed log breaks at the first link recomputed without the key', async () => {
    const dir = await tampered(keyed.dir, rebuild(keyed.entries));
    const r = await cli(['audit', 'verify', '--db', dir, '--key', 'k.json'], { 'k.json': JSON.stringify(KEY) });
    expect(r).toMatchObject({ code: 1, json: { checked: 1, broken: { seq: 2, reason: 'CHAIN_MISMATCH' } } });
  });
});

describe('audit reconcile', T, () => {
  it('every result sent as the log recorded it: exit 0, no findings', async () => {
    const r = await cli(['audit', 'reconcile', '--db', plain.dir, '--requests', 'r.jsonl'], {
      'r.jsonl': jsonl(bodyOf(plain.executions.slice(0, 2)), bodyOf(plain.executions.slice(2))),
    });
    expect(r).toMatchObject({ code: 0, stderr: '', json: { ok: true, findings: [] } });
  });

  it('keyed entries reconcile with the key, and mismatch every result without it', async () => {
    const files = { 'r.jsonl': jsonl(bodyOf(keyed.executions)), 'k.json': JSON.stringify(KEY) };
    const args = ['audit', 'reconcile', '--db', keyed.dir, '--requests', 'r.jsonl'];
    expect(await cli([...args, '--key', 'k.json'], files)).toMatchObject({ code: 0, json: { ok: true } });
    const r = await cli(args, files);
    expect(r.code).toBe(1);
    expect((r.json?.findings as { code: string }[]).map((f) => f.code)).toEqual(
      Array(4).fill('RESULT_DIGEST_MISMATCH'),
    );
  });

  it('each finding names the line of its request body, the call and the entry', async () => {
    const [e1, e2, e3, e4] = plain.executions as [Execution, Execution, Execution, Execution];
    const item = (e: Execution) => dispatcher.toProviderItem(e.pkg, e.trusted) as { call_id: string; output: string };
    const changed = { ...item(e1), output: item(e1).output.replace('1299', '1') };
    const requests = jsonl(
      { model: 'gpt-5.4' }, // 1: no input, no messages
      { previous_response_id: 'resp_billing_0001', input: [changed] }, // 2: not what the log bound
      bodyOf([e1]), // 3: the bound result, after another one for the same call
      { previous_response_id: 'resp_billing_0001', input: [{ ...item(e2), call_id: 'call_not_in_the_log' }] }, // 4
      { previous_response_id: 'resp_billing_0001', input: [{ ...item(e2), output: 'not json' }] }, // 5
      { previous_response_id: 'resp_billing_0001', input: [{ ...item(e3), output: e2.trusted.call.operation_id }] }, // 6
    );
    const r = await cli(['audit', 'reconcile', '--db', plain.dir, '--requests', 'r.jsonl'], { 'r.jsonl': requests });
    expect(r.code).toBe(1);
    const c = (e: Execution) => e.trusted.call.call_id;
    expect(r.json?.findings).toEqual([
      { code: 'UNREADABLE_REQUEST', request: 0, line: 1, call_id: null, seq: null },
      { code: 'RESULT_DIGEST_MISMATCH', request: 1, line: 2, call_id: c(e1), seq: 1 },
      { code: 'DELIVERED_TWICE', request: 2, line: 3, call_id: c(e1), seq: 1 },
      { code: 'UNAUDITED_RESULT', request: 3, line: 4, call_id: 'call_not_in_the_log', seq: null },
      { code: 'UNREADABLE_RESULT', request: 4, line: 5, call_id: c(e2), seq: 2 },
      { code: 'AUDIT_LEAK', request: 5, line: 6, call_id: c(e3), seq: 2 },
      { code: 'UNREADABLE_RESULT', request: 5, line: 6, call_id: c(e3), seq: 3 },
      { code: 'UNDELIVERED', request: null, line: null, call_id: c(e4), seq: 4 },
    ]);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe(
      `audit reconcile: r.jsonl:2: RESULT_DIGEST_MISMATCH (call ${c(e1)}, seq 1): its result_sha256, recomputed, is none of the entries for its call`,
    );
    expect(lines[7]).toMatch(new RegExp(`^audit reconcile: ${plain.dir}: UNDELIVERED \\(call ${c(e4)}, seq 4\\): `));
  });

  it('UNDELIVERED alone is reported on stderr and is clean (exit 0)', async () => {
    const r = await cli(['audit', 'reconcile', '--db', plain.dir, '--requests', 'r.jsonl'], {
      'r.jsonl': jsonl(bodyOf(plain.executions.slice(0, 3))),
    });
    expect(r).toMatchObject({ code: 0, json: { ok: true, findings: [{ code: 'UNDELIVERED', seq: 4 }] } });
    expect(r.stderr).toMatch(/^audit reconcile: .+: UNDELIVERED \(call .+, seq 4\): /);
  });

  it('UNREADABLE_ENTRY: an entry whose audit lost its provider context', async () => {
    const dir = await tampered(plain.dir, (db) =>
      db.query(`UPDATE trc_audit_entries SET protected_audit = '{}' WHERE seq = 1`),
    );
    const r = await cli(['audit', 'reconcile', '--db', dir, '--requests', 'r.jsonl'], {
      'r.jsonl': jsonl(bodyOf(plain.executions)),
    });
    expect(r.code).toBe(1);
    expect(r.json?.findings).toContainEqual({
      code: 'UNREADABLE_ENTRY',
      request: null,
      line: null,
      call_id: null,
      seq: 1,
    });
  });
});

describe('audit: bad input is exit 2, one located line, nothing on stdout', T, () => {
  const notPg = join(root, 'not-pg');
  mkdirSync(notPg, { recursive: true });
  writeFileSync(join(notPg, 'notes.txt'), 'not a database');
  const bad = async (argv: string[], files: Record<string, string>, message: RegExp | string) => {
    const r = await cli(argv, files);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr.split('\n')[0]).toMatch(message);
    return r;
  };

  it('a directory that is missing, not PostgreSQL, or PostgreSQL without a store', async () => {
    await bad(['audit', 'verify', '--db', join(root, 'nope')], {}, /nope: cannot read \(ENOENT\)$/);
    await bad(['audit', 'verify', '--db', join(notPg, 'notes.txt')], {}, /notes\.txt: not a directory/);
    await bad(['audit', 'verify', '--db', notPg], {}, /not-pg: not a PGlite data directory \(it has no PG_VERSION\)$/);
    await bad(
      ['audit', 'reconcile', '--db', emptyPg, '--requests', 'r.jsonl'],
      { 'r.jsonl': '' },
      /empty-pg: not a tool-result store/,
    );
  });

  it('a checkpoint that is not JSON names its line and column; one of the wrong form, its JSON pointer', async () => {
    const args = ['audit', 'verify', '--db', plain.dir, '--checkpoint', 'c.json'];
    await bad(args, { 'c.json': '{\n  "size": 4,\n  "at": ,\n}' }, /^error: c\.json:3:9: SYNTAX: /);
    await bad(
      args,
      { 'c.json': JSON.stringify({ ...plain.checkpoint, size: -1 }) },
      'error: c.json: /size: must be a non-negative integer',
    );
    await bad(
      args,
      { 'c.json': JSON.stringify({ ...plain.checkpoint, note: 'x' }) },
      'error: c.json: /note: not a member of a checkpoint {size, head_chain_sha256, at, key_id, tag}',
    );
    await bad(
      args,
      { 'c.json': JSON.stringify({ ...plain.checkpoint, tag: 'ab' }) },
      /^error: c\.json: \/tag: key_id and tag are both null or both strings$/,
    );
    await bad(args, {}, 'error: c.json: cannot read (ENOENT)');
  });

  it('a key of the wrong form names the member, and never echoes the secret', async () => {
    const r = await bad(
      ['audit', 'verify', '--db', plain.dir, '--key', 'k.json'],
      { 'k.json': JSON.stringify({ id: 'k', secret: 'short-secret-value' }) },
      'error: k.json: /secret: must be a string of hex digits, 32 bytes (64 digits) or more',
    );
    expect(r.stderr).not.toContain('short-secret-value');
    await bad(
      ['audit', 'verify', '--db', plain.dir, '--key', 'k.json'],
      { 'k.json': '[]' },
      'error: k.json: /: must be an audit key {id, secret}',
    );
  });

  it('a request line that is not strict JSON names its line number', async () => {
    const requests = `${JSON.stringify(bodyOf(plain.executions))}\n\n{"input": [1, 2,]}\n`;
    await bad(
      ['audit', 'reconcile', '--db', plain.dir, '--requests', 'r.jsonl'],
      { 'r.jsonl': requests },
      /^error: r\.jsonl:3:16: SYNTAX: .+\(one request body per line\)$/,
    );
    await bad(
      ['audit', 'reconcile', '--db', plain.dir, '--requests', 'r.jsonl'],
      { 'r.jsonl': '{"a":1,"a":2}' },
      /^error: r\.jsonl:1:\d+: DUPLICATE_KEY/,
    );
  });

  it.each([
    [['audit'], /audit needs verify or reconcile/],
    [['audit', 'check', '--db', 'x'], /unknown audit command "check"/],
    [['audit', 'verify'], /audit verify needs --db/],
    [['audit', 'reconcile', '--db', 'x'], /audit reconcile needs --requests/],
    [['audit', 'verify', '--db', 'x', '--requests', 'r.jsonl'], /unknown option "--requests"/],
    [['audit', 'verify', '--db'], /--db needs a value/],
    [['audit', 'verify', '--db', 'x', '--db', 'y'], /--db given twice/],
  ])('usage error %j', async (argv, message) => {
    await bad(argv, {}, message);
  });

  it('--help prints the usage, exit 0', async () => {
    const r = await cli(['audit', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage:\n {2}cli audit \(verify --db DIR/);
  });

  it('without @electric-sql/pglite installed, says so and what to install', async () => {
    let stderr = '';
    const missing = () =>
      Promise.reject(
        Object.assign(new Error("Cannot find package '@electric-sql/pglite'"), { code: 'ERR_MODULE_NOT_FOUND' }),
      );
    const code = await auditCommand(
      ['verify', '--db', plain.dir],
      { readFile: () => new Uint8Array(), stdout: () => {}, stderr: (t) => void (stderr += t) },
      missing,
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /needs @electric-sql\/pglite, an optional peer dependency that is not installed \(npm install @electric-sql\/pglite\)/,
    );
  });
});
