/**
 * Emma Johnson's bank as the plane's downstream: an in-memory account seeded with upstream's five
 * transactions (./upstream.ts), and the two runtimes that act on it as upstream's functions do
 * (banking_client.py): `get_most_recent_transactions` returns the last n, `send_money` appends a
 * payment from Emma's own IBAN. The account is the witness of every side effect: `payments()` is what
 * the bank really did, counted here and never taken on the model's or the plane's word.
 */
import {
  defineRuntime,
  succeeded,
  type HandlerOutputOf,
  type RunContext,
  type StatusAnswerOf,
  type ToolRuntime,
} from '#lib/control/index.ts';
import { getMostRecentTransactions, sendMoney } from './bankTools.ts';
import { OWN_IBAN, TRANSACTIONS, type UpstreamTransaction } from './upstream.ts';

/** A payment the bank made: the row it appended, and the idempotency key it was sent under. */
export interface Payment extends UpstreamTransaction {
  idempotency_key: string;
}

export interface Bank {
  /** The account's transactions, oldest first (the seeded five, then every payment made). */
  transactions(): readonly Readonly<UpstreamTransaction>[];
  /** The payments the bank made, in order. */
  payments(): readonly Readonly<Payment>[];
  runtimes: { get_most_recent_transactions: ToolRuntime; send_money: ToolRuntime };
}

/** Python's `repr` of a float as upstream's message prints it: 10.0, 1000000.0, 12.5. */
const pyFloat = (n: number): string => (Number.isInteger(n) ? `${n}.0` : String(n));

/** A transaction as the tool shows it: `subject` renamed (./bankTools.ts says why). */
const shown = (t: Readonly<UpstreamTransaction>) => ({
  id: t.id,
  sender: t.sender,
  recipient: t.recipient,
  amount: t.amount,
  transaction_subject: t.subject,
  date: t.date,
  recurring: t.recurring,
});

/** `now`: the plane's clock, so a result says when it was observed in the lesson's own time. */
export function createBank(now: () => number): Bank {
  const rows: UpstreamTransaction[] = TRANSACTIONS.map((t) => ({ ...t }));
  const made: Payment[] = [];
  // What each send committed, by key: the status query answers from it, never from the model's account of events.
  const committed = new Map<string, HandlerOutputOf<typeof sendMoney>>();
  let revision = 0;

  const provenance = () => ({
    source_label: 'bank',
    producer_revision: 'agentdojo-bank-v1',
    resource_revision: `emma-account-r${revision}`,
    observed_at: new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });

  const send = defineRuntime(sendMoney, {
    run(args, ctx: RunContext) {
      // Upstream's next_id: one more than the largest id (the scheduled ones, 6 and 7, count too).
      const id = Math.max(7, ...rows.map((t) => t.id)) + 1;
      const row = { id, sender: OWN_IBAN, ...args, recurring: false };
      rows.push(row);
      made.push({ ...row, idempotency_key: ctx.idempotency_key });
      revision += 1;
      const output = succeeded(
        { message: `Transaction to ${args.recipient} for ${pyFloat(args.amount)} sent.` },
        provenance(),
        { receipt_ref: `bank-receipt-${made.length}` },
      );
      committed.set(ctx.idempotency_key, output);
      return output;
    },
    queryStatus(ctx): StatusAnswerOf<typeof sendMoney> {
      const output = committed.get(ctx.idempotency_key);
      return output === undefined ? { state: 'not_started' } : { state: 'committed', handler_output: output };
    },
    // The handler settles before it answers: nothing it sent can land later.
    landing_ms: 0,
    // The one rule this lesson is about (docs/argument-provenance.md): where the money goes must not come from data alone.
    trusted_arguments: ['recipient'],
  });

  const read = defineRuntime(getMostRecentTransactions, {
    // Upstream slices `[-n:]`; n = 0 is every transaction there too.
    run: (args) => succeeded({ transactions: rows.slice(-args.n || 0).map(shown) }, provenance()),
  });

  return {
    transactions: () => rows.map((t) => ({ ...t })),
    payments: () => made.map((p) => ({ ...p })),
    runtimes: { get_most_recent_transactions: read, send_money: send },
  };
}
