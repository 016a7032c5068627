/**
 * The control plane over a real PostgreSQL server shared by real OS processes
 * (docs/control-stores.md#fault-tests): races on one key between processes,
 * and a process killed while it owns a key. The witness is the ledger, a
 * table on the same server that the write handler inserts into: "money moved
 * twice" is two rows for one key. Skips, saying why, without
 * TOOL_RESULT_PG_URL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlPlane, sqlStore, verifyAuditChain } from '../../src/control/index.ts';
import { dispatcher } from './billing.ts';
import { answerOf, ledgerCall, ledgerCounts, ledgerRuntimes, shown, tally, type Answer } from './pgLedger.ts';
import {
  freshSchemas,
  skipReason,
  startWorker,
  stopWorker,
  testPool,
  workerBundle,
  type Worker,
} from './pgProcesses.ts';

const skip = skipReason();
if (skip !== null) console.warn(`[pgFaults] the PostgreSQL fault tests skip: ${skip}`);
const url = process.env.TOOL_RESULT_PG_URL ?? '';

const PROCESSES = 4;
const KEYS = 24;

describe.skipIf(skip !== null)('the control plane over PostgreSQL, in several OS processes', () => {
  let admin: pg.Pool;
  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: url, max: 2 });
    await workerBundle();
  });
  afterAll(async () => {
    await admin?.end();
  });

  it('races: every key executed by several processes at once runs its write once, and every answer is a catalog answer', async () => {
    const s = await freshSchemas(admin);
    const keys = Array.from({ length: KEYS }, (_, i) => `race-${i}`);
    const workers: Worker[] = [];
    const pool = testPool(url, s.schema);
    try {
      for (let i = 0; i < PROCESSES; i++)
        workers.push(await startWorker({ mode: 'race', url, schema: s.schema, ledger: s.ledger, keys }));
      // All ready first, so that the keys are raced by processes already at work, not by one that started early.
      const t0 = performance.now();
      await Promise.all(workers.map((w) => w.waitFor((m) => m.type === 'ready')));
      const t1 = performance.now();
      for (const w of workers) w.send('go');
      await Promise.all(workers.map((w) => w.waitFor((m) => m.type === 'done', 30_000)));
      const t2 = performance.now();
      const answers = workers.flatMap((w) => w.messages.filter((m) => m.type === 'answer')) as unknown as Answer[];
      // A rejected execute or an unhandled rejection in any process is a message of its own kind.
      const other = workers.flatMap((w) => w.messages.filter((m) => !['answer', 'ready', 'done'].includes(m.type)));
      const counts = await ledgerCounts(admin, s.ledger);
      const entries = await (await sqlStore(pool)).entries();
      console.log(
        `[pgFaults] races: ${PROCESSES} processes × ${KEYS} keys: executes ${answers.length}, ` +
          `side effects ${counts.effects}, duplicates ${counts.duplicates}; answers by delivery: ${shown(tally(answers))}; ` +
          `audit entries ${entries.length}; processes ready in ${Math.round(t1 - t0)} ms, raced in ${Math.round(t2 - t1)} ms`,
      );
      expect(other).toEqual([]);
      expect(answers).toHaveLength(PROCESSES * KEYS);
      expect(answers.filter((a) => !a.catalog)).toEqual([]);
      expect(counts).toEqual({ effects: KEYS, keys: KEYS, duplicates: 0 });
      // One owner per key ran it; every other process waited for it and was given its result, not a run of its own.
      for (const key of keys) {
        const mine = answers.filter((a) => a.key === key);
        expect(mine.map((a) => a.status)).toEqual(mine.map(() => 'succeeded'));
        expect(mine.filter((a) => a.delivery === 'fresh')).toHaveLength(1);
        expect(mine.filter((a) => a.attempts.includes('run'))).toHaveLength(1);
      }
      // One order across the processes: every answer's entry, linked one to the next.
      expect(entries).toHaveLength(PROCESSES * KEYS);
      expect(verifyAuditChain(entries)).toMatchObject({ ok: true, broken: null });
    } finally {
      await Promise.all(workers.map(stopWorker));
      await pool.end();
      await s.drop();
    }
  });

  // The dead owner's record stays `started` until its lease runs out (docs/control-plane.md#execute, step 2):
  // the worker's lease is short so that the next call waits seconds for it, not the default minute.
  it('the engineer\u2019s run under load: requests that outlive their deadline on the wire, callers that follow every answer, a ledger with no unique key: no intent paid twice', async () => {
    const s = await freshSchemas(admin);
    const INTENTS = 24;
    const CALLERS = 3;
    const keys = Array.from({ length: INTENTS }, (_, i) => `load-${i}`);
    const workers: Worker[] = [];
    try {
      for (let i = 0; i < CALLERS; i++)
        workers.push(
          await startWorker({
            mode: 'obedient',
            url,
            schema: s.schema,
            ledger: s.ledger,
            keys,
            // A 500 ms deadline, a request that lands 250–750 ms after it was sent: about half outlive their deadline.
            latency: { min: 250, max: 750, seed: 20261206 + i },
            // The lease covers the deadline plus the worst latency (the ledger's landing_ms), and 250 ms for a busy
            // machine's late timers (docs/control-plane.md#in-flight-writes).
            policy: { deadline_ms: 500, lease_ms: 1_500 },
          }),
        );
      await Promise.all(workers.map((w) => w.waitFor((m) => m.type === 'ready')));
      for (const w of workers) w.send('go');
      await Promise.all(workers.map((w) => w.waitFor((m) => m.type === 'done', 60_000)));
      const finals = workers.flatMap((w) => w.messages.filter((m) => m.type === 'answer')) as unknown as (Answer & {
        asks: number;
        answers: string[];
      })[];
      const other = workers.flatMap((w) => w.messages.filter((m) => !['answer', 'ready', 'done'].includes(m.type)));
      const counts = await ledgerCounts(admin, s.ledger);
      const { rows: states } = await admin.query<{ key: string; state: string | null }>(
        `SELECT l.idempotency_key AS key, r.state FROM (SELECT DISTINCT idempotency_key FROM ${s.ledger}.refunds) l ` +
          `LEFT JOIN ${s.schema}.trc_records r ON r.idempotency_key = l.idempotency_key`,
      );
      const asked = finals.flatMap((f) => f.answers);
      const tallied = new Map<string, number>();
      for (const a of asked) tallied.set(a, (tallied.get(a) ?? 0) + 1);
      console.log(
        `[pgFaults] under load: ${CALLERS} processes × ${INTENTS} intents, deadline 500 ms, requests 250–750 ms on the wire: ` +
          `executes ${asked.length}, side effects ${counts.effects}, intents moved ${counts.keys}, duplicates ${counts.duplicates}; ` +
          `answers: ${[...tallied]
            .sort()
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}; records of intents moved: ` +
          `${[...new Set(states.map((r) => r.state ?? 'released'))].sort().join(', ')}`,
      );
      expect(other).toEqual([]);
      expect(counts.duplicates).toBe(0);
      // Every intent whose money moved is on record, completed or unknown: never released to be run again.
      for (const r of states) expect(['completed', 'unknown']).toContain(r.state);
      expect(finals).toHaveLength(CALLERS * INTENTS);
      expect(finals.filter((f) => !f.catalog)).toEqual([]);
      expect(finals.filter((f) => f.status !== 'succeeded').map((f) => `${f.key}: ${f.answers.join(' ')}`)).toEqual([]);
      expect(counts.effects).toBe(INTENTS);
    } finally {
      await Promise.all(workers.map(stopWorker));
      await s.drop();
    }
  });

  const CRASH_POLICY = { lease_ms: 1_500, deadline_ms: 1_000 };

  async function crashAndCallAgain(crashBefore: boolean) {
    const s = await freshSchemas(admin);
    const key = crashBefore ? 'crash-before' : 'crash-after';
    const worker = await startWorker({
      mode: 'crash',
      url,
      schema: s.schema,
      ledger: s.ledger,
      keys: [key],
      crashBefore,
      policy: CRASH_POLICY,
    });
    const pool = testPool(url, s.schema);
    try {
      await worker.waitFor((m) => m.type === 'hanging');
      worker.child.kill('SIGKILL');
      const exit = await worker.exited;
      const before = await admin.query(`SELECT state FROM ${s.schema}.trc_records WHERE idempotency_key = $1`, [key]);
      const rowsBefore = (await ledgerCounts(admin, s.ledger)).effects;
      // Another process, with the default policy: it meets the dead owner's lease and waits it out.
      const plane = createControlPlane({
        dispatcher,
        store: await sqlStore(pool),
        runtimes: ledgerRuntimes(pool, s.ledger),
        authorize: () => true,
      });
      const t = performance.now();
      const next = answerOf(key, await plane.execute(ledgerCall(key, `parent_${process.pid}_1`)));
      const waitedMs = performance.now() - t;
      const again = answerOf(key, await plane.execute(ledgerCall(key, `parent_${process.pid}_2`)));
      const after = await admin.query(`SELECT state FROM ${s.schema}.trc_records WHERE idempotency_key = $1`, [key]);
      const counts = await ledgerCounts(admin, s.ledger);
      return { exit, before, rowsBefore, next, waitedMs, again, after, counts, worker };
    } finally {
      await stopWorker(worker);
      await pool.end();
      await s.drop();
    }
  }

  describe('a process killed while it owns a key', () => {
    // Both crashes at once: each is a process start and a lease to wait out, and they share nothing but the server.
    let crashes: Promise<[Crash, Crash]>;
    type Crash = Awaited<ReturnType<typeof crashAndCallAgain>>;
    beforeAll(() => {
      crashes = Promise.all([crashAndCallAgain(false), crashAndCallAgain(true)]);
      // Each test awaits its own; a rejection is reported there, not as an unhandled one here.
      crashes.catch(() => {});
    });

    it('crash after the commit: the owner is killed (SIGKILL) with its ledger row written; the next call reconciles it through the status query', async () => {
      const [r] = await crashes;
      console.log(
        `[pgFaults] crash after commit: killed by ${r.exit.signal}, record left ${r.before.rows[0]?.state}, ` +
          `ledger rows before the next call ${r.rowsBefore}; next call: ${r.next.delivery} after ${Math.round(r.waitedMs)} ms ` +
          `(${r.next.attempts.join(' → ')}); then: ${r.again.delivery}; side effects ${r.counts.effects}, duplicates ${r.counts.duplicates}`,
      );
      expect(r.exit.signal).toBe('SIGKILL');
      expect(r.worker.messages.some((m) => m.type === 'answer')).toBe(false);
      expect(r.before.rows).toEqual([{ state: 'started' }]);
      expect(r.rowsBefore).toBe(1);
      expect(r.next).toMatchObject({
        delivery: 'receipt_reconciled',
        status: 'succeeded',
        catalog: true,
        audited: true,
      });
      expect(r.next.attempts).toContain('status_query');
      expect(r.next.attempts).not.toContain('run');
      expect(r.again).toMatchObject({ delivery: 'local_replay', status: 'succeeded', catalog: true });
      expect(r.after.rows).toEqual([{ state: 'completed' }]);
      expect(r.counts).toEqual({ effects: 1, keys: 1, duplicates: 0 });
    });

    it('crash before the commit: the owner is killed before its insert; the status query finds nothing and the next call runs it, once', async () => {
      const [, r] = await crashes;
      console.log(
        `[pgFaults] crash before commit: killed by ${r.exit.signal}, record left ${r.before.rows[0]?.state}, ` +
          `ledger rows before the next call ${r.rowsBefore}; next call: ${r.next.delivery} after ${Math.round(r.waitedMs)} ms ` +
          `(${r.next.attempts.join(' → ')}); then: ${r.again.delivery}; side effects ${r.counts.effects}, duplicates ${r.counts.duplicates}`,
      );
      expect(r.exit.signal).toBe('SIGKILL');
      expect(r.before.rows).toEqual([{ state: 'started' }]);
      expect(r.rowsBefore).toBe(0);
      expect(r.next).toMatchObject({ delivery: 'fresh', status: 'succeeded', catalog: true });
      expect(r.next.attempts).toEqual(expect.arrayContaining(['status_query', 'run']));
      expect(r.next.attempts.indexOf('status_query')).toBeLessThan(r.next.attempts.indexOf('run'));
      expect(r.again).toMatchObject({ delivery: 'local_replay', status: 'succeeded' });
      expect(r.counts).toEqual({ effects: 1, keys: 1, duplicates: 0 });
    });
  });
});
