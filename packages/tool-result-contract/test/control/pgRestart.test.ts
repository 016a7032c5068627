/**
 * PostgreSQL restarted under a running dispatcher process
 * (docs/control-stores.md#fault-tests): a stream of refunds in a worker
 * process while its server stops at once, as a crash would, and comes back.
 * Every call must still be answered from the catalog, the process must not
 * die of it, and afterwards every refund the ledger holds must be settled:
 * its record completed, or found by the status query of the next call with
 * its key. The server is this file's own, started and stopped here, so that
 * the one other tests share (TOOL_RESULT_PG_URL) is never restarted under
 * them.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlPlane, sqlStore } from '../../src/control/index.ts';
import { dispatcher } from './billing.ts';
import { answerOf, ledgerCall, ledgerCounts, ledgerRuntimes, shown, tally, type Answer } from './pgLedger.ts';
import {
  freshSchemas,
  skipReason,
  startWorker,
  stopWorker,
  testPool,
  workerBundle,
  type Message,
} from './pgProcesses.ts';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../../../scripts/postgres.sh', import.meta.url));
const dir = join(tmpdir(), `tool-result-pg-restart-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
const env = { ...process.env, TOOL_RESULT_PG_DIR: dir };

function binaries(): boolean {
  if (!existsSync('/usr/lib/postgresql')) return false;
  return readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`));
}

const skip =
  skipReason() ??
  (binaries()
    ? null
    : 'no PostgreSQL binaries under /usr/lib/postgresql/*/bin (Debian: apt-get install -y postgresql): ' +
      'this test starts and restarts a server of its own.');
if (skip !== null) console.warn(`[pgRestart] the PostgreSQL restart test skips: ${skip}`);

/** Before the restart, and again after it: enough refunds to be sure the stream was running on both sides of it. */
const SUCCEEDED_EACH_SIDE = 25;

describe.skipIf(skip !== null)('PostgreSQL restarted in the middle of a run', () => {
  let url = '';
  let admin: pg.Pool | undefined;
  beforeAll(async () => {
    const [started] = await Promise.all([run('bash', [script, 'start'], { env }), workerBundle()]);
    url = started.stdout.trim();
    admin = new pg.Pool({ connectionString: url, max: 2 });
    // The restart cuts this pool's idle connections too; node-postgres reports them here or ends the process.
    admin.on('error', () => {});
    // The script's server acknowledges a commit before its WAL is written, and an immediate stop loses what was
    // acknowledged: that would be the server's setting losing refunds, not the plane. Written before it is
    // acknowledged, a commit survives the stop (the kernel still holds it; only a machine crash needs fsync).
    await admin.query('ALTER SYSTEM SET synchronous_commit = on');
    await admin.query('SELECT pg_reload_conf()');
  }, 60_000);
  afterAll(async () => {
    await admin?.end().catch(() => {});
    await run('bash', [script, 'stop'], { env });
  }, 60_000);

  it('every call answers from the catalog across the restart, and every committed refund is settled afterwards, once', async () => {
    const db = admin as pg.Pool;
    const s = await freshSchemas(db);
    // Records left `started` by a store that went away are settled when their lease runs out: short here, so
    // that the calls after the restart wait seconds, not the default minute (docs/control-plane.md#execute).
    const worker = await startWorker({
      mode: 'stream',
      url,
      schema: s.schema,
      ledger: s.ledger,
      prefix: 'stream',
      concurrency: 4,
      policy: { lease_ms: 1_500, deadline_ms: 1_000 },
    });
    const pool = testPool(url, s.schema);
    const succeededSince = (from: number) => (ms: readonly Message[]) =>
      ms.slice(from).filter((m) => m.type === 'answer' && m.status === 'succeeded').length >= SUCCEEDED_EACH_SIDE;
    try {
      await worker.waitFor((m) => m.type === 'ready');
      await worker.waitUntil(succeededSince(0));
      const stoppedAt = worker.messages.length;
      const t = performance.now();
      await run('bash', [script, 'restart', '0.5'], { env });
      const downMs = performance.now() - t;
      const restartedAt = worker.messages.length;
      await worker.waitUntil(succeededSince(restartedAt), 30_000);
      worker.send('stop');
      const done = await worker.waitFor((m) => m.type === 'done', 30_000);
      const exit = await worker.exited;

      const answers = worker.messages.filter((m) => m.type === 'answer') as unknown as Answer[];
      const other = worker.messages.filter((m) => !['answer', 'ready', 'done'].includes(m.type));
      const during = (
        worker.messages.slice(stoppedAt).filter((m) => m.type === 'answer') as unknown as Answer[]
      ).filter((a) => a.status !== 'succeeded');

      // Another dispatcher process settles what the stream left open: each key its call did not see succeed.
      const before = await db.query(
        `SELECT l.idempotency_key AS key, r.state FROM ${s.ledger}.refunds l ` +
          `LEFT JOIN ${s.schema}.trc_records r ON r.idempotency_key = l.idempotency_key`,
      );
      const open = before.rows.filter((r) => r.state !== 'completed').map((r) => String(r.key));
      const plane = createControlPlane({
        dispatcher,
        store: await sqlStore(pool),
        runtimes: ledgerRuntimes(pool, s.ledger),
        authorize: () => true,
      });
      const unanswered = [...new Set(answers.filter((a) => a.status !== 'succeeded').map((a) => a.key))];
      const settled = await Promise.all(
        unanswered.map(async (key, i) => answerOf(key, await plane.execute(ledgerCall(key, `settle_${i}`)))),
      );
      const after = await db.query(
        `SELECT count(*)::int AS n FROM ${s.ledger}.refunds l JOIN ${s.schema}.trc_records r ` +
          `ON r.idempotency_key = l.idempotency_key AND r.state = 'completed'`,
      );
      const counts = await ledgerCounts(db, s.ledger);
      const keys = new Set(answers.map((a) => a.key));
      console.log(
        `[pgRestart] executes ${answers.length} (${done.calls} calls, exit ${exit.code}); down for ${Math.round(downMs)} ms; ` +
          `answers by delivery: ${shown(tally(answers))}; not succeeded around the restart ${during.length}; ` +
          `pool errors ${done.poolErrors}, unhandled ${done.unhandled}; ledger after the run: ${before.rows.length} refunds, ` +
          `${open.length} not completed; settled by the next call: ${shown(tally(settled))}; ` +
          `side effects ${counts.effects} on ${keys.size} keys, duplicates ${counts.duplicates}`,
      );

      expect(other).toEqual([]);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(done.unhandled).toBe(0);
      expect(answers.filter((a) => !a.catalog)).toEqual([]);
      // The restart happened under calls in flight: some were answered with an error, each from the catalog.
      expect(during.length).toBeGreaterThan(0);
      // Nothing delivered is lost: every refund answered as done is in the ledger, once.
      const done1 = answers.filter((a) => a.status === 'succeeded').map((a) => a.key);
      const rows = await db.query(`SELECT idempotency_key FROM ${s.ledger}.refunds WHERE idempotency_key = ANY($1)`, [
        done1,
      ]);
      expect(rows.rows.length).toBe(done1.length);
      // A refund the ledger holds whose record was not completed is found by the next call's status query.
      for (const key of open)
        expect(settled.find((a) => a.key === key)).toMatchObject({ delivery: 'receipt_reconciled' });
      expect(settled.filter((a) => a.status !== 'succeeded' || !a.catalog)).toEqual([]);
      // Afterwards: one refund per key the stream asked for, each with its completed record; none twice.
      expect(counts).toEqual({ effects: keys.size, keys: keys.size, duplicates: 0 });
      expect(after.rows[0].n).toBe(keys.size);
    } finally {
      await stopWorker(worker);
      await pool.end();
      await s.drop();
    }
  });
});
