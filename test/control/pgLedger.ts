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
  /** Before the insert: a window in which other processes meet this owner at work. */
  before?: () => Promise<void>;
  /** After the insert has committed; the handler answers when it resolves (a crash test's never does). */
  after?: (key: string) => Promise<void>;
}

/** `issue_refund` over the ledger table: the row is the side effect, the status query reads it back. */
export function ledgerRuntimes(pool: pg.Pool, ledger: string, hooks: LedgerHooks = {}): Record<string, ToolRuntime> {
  const issue: ToolRuntime = {
    async run(args, ctx) {
      await hooks.before?.();
      const a = args as typeof REFUND;
      const { rows } = await pool.query<LedgerRow>(
        `INSERT INTO ${ledger}.refunds (idempotency_key, invoice_ref, amount_cents, reason, pid) ` +
          'VALUES ($1, $2, $3, $4, $5) RETURNING id, invoice_ref, amount_cents, reason',
        [ctx.idempotency_key, a.invoice_ref, a.amount_cents, a.reason, process.pid],
      );
      await hooks.after?.(ctx.idempotency_key);
      return refundOutput(rows[0] as LedgerRow);
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
