/**
 * The downstream of the PostgreSQL fault tests (test/control/pgFaults.test.ts,
 * test/control/pgRestart.test.ts and the processes they start,
 * test/control/pgWorker.ts): a refund is a row of a real ledger table in its
 * own schema on the same server, written by the write handler and read by its
 * status query. The table has no unique key on the idempotency key on
 * purpose: a second side effect for one key must be countable, not refused,
 * or the tests could not see the plane run a write twice.
 */
import type pg from 'pg';
import { ERROR_CATALOG, type ErrorCode } from '../../src/core/index.ts';
import type { Execution, PlaneCall, StatusAnswer, ToolRuntime } from '../../src/control/index.ts';
import { alice, billingWorld, dispatcher, provenance, refundCall } from './billing.ts';

export const REFUND = { invoice_ref: 'INV-42', amount_cents: 500, reason: 'damaged on arrival' } as const;

export async function createLedger(admin: pg.Pool, ledger: string): Promise<void> {
  await admin.query(`CREATE SCHEMA ${ledger}`);
  await admin.query(
    `CREATE TABLE ${ledger}.refunds (id bigserial PRIMARY KEY, idempotency_key text NOT NULL, ` +
      'invoice_ref text NOT NULL, amount_cents integer NOT NULL, reason text NOT NULL, pid integer NOT NULL)',
  );
}

interface LedgerRow {
  id: string;
  invoice_ref: string;
  amount_cents: number;
  reason: string;
}

const refundOutput = (r: LedgerRow) => ({
  kind: 'success',
  data: { refund_ref: `RF-${r.id}`, invoice_ref: r.invoice_ref, amount_cents: r.amount_cents, reason: r.reason },
  provenance: provenance(),
  downstream: { receipt_ref: `rcpt-RF-${r.id}` },
});

export interface LedgerHooks {
  /**
   * Before the insert: a window in which other processes meet this owner at work, or the time the request spends on
   * the wire. Once `run` has called it the insert follows whatever the handler's signal does: the request was sent.
   */
  before?: () => Promise<void>;
  /** The handler gives up when its signal aborts, with its request still on the wire (it throws; the insert lands). */
  givesUp?: boolean;
  /**
   * The downstream's own latency for this request (ms): the server sleeps that long inside the insert's statement, so
   * when the row lands depends on the downstream alone, not on how busy the calling process is.
   */
  wireMs?: () => number;
  /** The runtime's landing_ms: the downstream's worst latency (500 ms unless said). */
  landingMs?: number;
  /** After the insert has committed; the handler answers when it resolves (a crash test's never does). */
  after?: (key: string) => Promise<void>;
}

/** `issue_refund` over the ledger table: the row is the side effect, the status query reads it back. */
export function ledgerRuntimes(pool: pg.Pool, ledger: string, hooks: LedgerHooks = {}): Record<string, ToolRuntime> {
  const issue: ToolRuntime = {
    async run(args, ctx) {
      const a = args as typeof REFUND;
      const sent = (async () => {
        await hooks.before?.();
        const wire = hooks.wireMs?.() ?? 0;
        const insert =
          `INSERT INTO ${ledger}.refunds (idempotency_key, invoice_ref, amount_cents, reason, pid) ` +
          (wire > 0 ? `SELECT $1, $2, $3, $4, $5 FROM pg_sleep(${wire / 1000}) ` : 'VALUES ($1, $2, $3, $4, $5) ') +
          'RETURNING id, invoice_ref, amount_cents, reason';
        const values = [ctx.idempotency_key, a.invoice_ref, a.amount_cents, a.reason, process.pid];
        if (!hooks.givesUp) return (await pool.query<LedgerRow>(insert, values)).rows[0] as LedgerRow;
        // A request still waiting for a connection has not been sent: one whose signal aborted meanwhile is not sent
        // at all. Sending it after the abort would land it later than landing_ms promises.
        const client = await pool.connect();
        // A checked-out client reports a lost connection as an event: heard here, answered by the query's rejection.
        const lost = () => {};
        client.on('error', lost);
        try {
          if (ctx.signal.aborted) throw new Error('not sent: aborted while waiting for a connection');
          return (await client.query<LedgerRow>(insert, values)).rows[0] as LedgerRow;
        } finally {
          client.off('error', lost);
          client.release();
        }
      })();
      if (hooks.givesUp) {
        const abandoned = new Promise<null>((resolve) => ctx.signal.addEventListener('abort', () => resolve(null)));
        // The request lands (or fails) on its own; nobody waits for it any more.
        sent.catch(() => {});
        if ((await Promise.race([sent, abandoned])) === null) throw new Error('gave up at the deadline');
      }
      const row = await sent;
      await hooks.after?.(ctx.idempotency_key);
      return refundOutput(row);
    },
    async queryStatus(ctx): Promise<StatusAnswer> {
      const { rows } = await pool.query<LedgerRow>(
        `SELECT id, invoice_ref, amount_cents, reason FROM ${ledger}.refunds WHERE idempotency_key = $1 ORDER BY id LIMIT 1`,
        [ctx.idempotency_key],
      );
      const row = rows[0];
      return row === undefined ? { state: 'not_started' } : { state: 'committed', handler_output: refundOutput(row) };
    },
    idempotency_fields: ['invoice_ref', 'amount_cents'],
    // An insert on the same server lands within its statement; 500 ms is ample, and the crash tests' lease (1.5 s)
    // covers their deadline (1 s) plus it.
    landing_ms: hooks.landingMs ?? 500,
  };
  return { get_invoice: billingWorld().runtimes.get_invoice, issue_refund: issue };
}

/** One refund call: the same intent for a key in every process, a call id and operation id of this process's own. */
export function ledgerCall(key: string, tag: string): PlaneCall {
  const c = refundCall(REFUND, key, `call_${tag}`);
  return { ...c, principal: alice, call: { ...c.call, operation_id: `op_${tag}` } };
}

export interface Answer {
  key: string;
  delivery: Execution['delivery'];
  status: string;
  code: string | null;
  /** The plane's own dispatcher accepts the package, and an error carries its catalog code's recovery. */
  catalog: boolean;
  attempts: string[];
  audited: boolean;
}

export function answerOf(key: string, ex: Execution): Answer {
  const r = ex.pkg.model_result;
  const given: string | null = r.error?.code ?? null;
  const known = given !== null && Object.hasOwn(ERROR_CATALOG, given) ? (given as ErrorCode) : null;
  const valid = dispatcher.validateResult(ex.pkg, ex.trusted).ok && ex.delivery === r.execution.delivery;
  const fromCatalog =
    given === null ? r.status === 'succeeded' : known !== null && r.error?.recovery === ERROR_CATALOG[known].recovery;
  return {
    key,
    delivery: ex.delivery,
    status: r.status,
    code: given,
    catalog: valid && fromCatalog,
    attempts: ex.attempts.map((a) => a.kind),
    audited: ex.audit_seq !== null,
  };
}

/** "fresh 24, local_replay 72": how the answers were delivered, an error counted under its code. */
export function tally(answers: readonly Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const what = a.code === null ? a.delivery : `${a.delivery}:${a.code}`;
    out[what] = (out[what] ?? 0) + 1;
  }
  return out;
}

export const shown = (t: Record<string, number>) =>
  Object.entries(t)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** Ledger rows, keys with a row, and rows beyond the first for a key: the duplicates, which must be 0. */
export async function ledgerCounts(admin: pg.Pool, ledger: string) {
  const { rows } = await admin.query(
    `SELECT count(*)::int AS effects, count(DISTINCT idempotency_key)::int AS keys FROM ${ledger}.refunds`,
  );
  const { effects, keys } = rows[0] as { effects: number; keys: number };
  return { effects, keys, duplicates: effects - keys };
}
