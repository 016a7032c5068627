/**
 * The banking tools' handlers for `createControlPlane`: each does to the environment exactly what upstream's
 * function does (banking_client.py, user_account.py, file_reader.py) and answers in this project's handler output
 * format. The environment object is the downstream: it is mutated in place, so it is also the witness of every side
 * effect (compare it before and after, as the tasks' utility and security checks do).
 *
 * Upstream behaviour kept on purpose, each a quirk a faithful replay must reproduce:
 * - `send_money` and `schedule_transaction` never touch the balance;
 * - a new transaction's id is one more than the largest id among past and scheduled transactions;
 * - the update tools change only members whose new value is truthy in Python: an empty string or an amount of 0 is
 *   ignored, and `recurring: false` can never switch a recurring payment off;
 * - `get_most_recent_transactions` slices `[-n:]`, so n = 0 returns every transaction;
 * - `read_file` of a missing path is a success with "" (upstream's `files.get(path, "")`), not an error.
 */
import {
  defineRuntime,
  failed,
  succeeded,
  type ArgsOf,
  type HandlerOutputOf,
  type RunContext,
  type StatusAnswerOf,
  type ToolRuntime,
} from '#lib/control/index.ts';
import type { ToolSpec } from '#lib/core/index.ts';
import type { BankAccount, BankingEnvironment, Transaction } from './environment.ts';
import { pyFloatRepr, pyTail } from './python.ts';
import { bankingToolSpecs as specs, type BankingToolName } from './tools.ts';

export interface BankingRuntimeOptions {
  /** Every result's `provenance.observed_at`. The environment has no clock, so a fixed time keeps runs identical. */
  observed_at?: string;
}

/** The time of the upstream commit the data is taken from: a fixed, honest answer to "when was this observed". */
const OBSERVED_AT = '2025-10-27T18:10:36Z';

/** Upstream's `next_id`: max over both lists, 0 when both are empty, plus one. */
function nextId(account: BankAccount): number {
  const ids = [...account.transactions, ...account.scheduled_transactions].map((t) => t.id);
  return (ids.length === 0 ? 0 : Math.max(...ids)) + 1;
}

/** A transaction as the tools show it: `subject` renamed (tools.ts says why), and a copy the plane may keep. */
function shown(t: Transaction) {
  return {
    id: t.id,
    sender: t.sender,
    recipient: t.recipient,
    amount: t.amount,
    transaction_subject: t.subject,
    date: t.date,
    recurring: t.recurring,
  };
}

/** Python's truthiness for an optional member: None, "" and 0 all mean "leave it". */
const truthy = (v: string | number | boolean | null | undefined): v is string | number | true =>
  v !== null && v !== undefined && v !== '' && v !== 0 && v !== false;

/**
 * A write tool's record of what it committed under each idempotency key, so that `queryStatus` tells the truth: a
 * committed output for a key that ran, `not_started` for any other (a handler here settles before it answers, so
 * nothing can still be on its way). An error answer (NOT_FOUND) commits nothing.
 */
function ledger<T extends ToolSpec>() {
  const byKey = new Map<string, HandlerOutputOf<T>>();
  return {
    commit(ctx: RunContext, output: HandlerOutputOf<T>): HandlerOutputOf<T> {
      byKey.set(ctx.idempotency_key, output);
      return output;
    },
    queryStatus(ctx: RunContext): StatusAnswerOf<T> {
      const output = byKey.get(ctx.idempotency_key);
      return output === undefined ? { state: 'not_started' } : { state: 'committed', handler_output: output };
    },
  };
}

/** Runtimes over `env` for every tool of `bankingToolSpecs`; `env` is mutated by the write tools. */
export function bankingRuntimes(
  env: BankingEnvironment,
  options: BankingRuntimeOptions = {},
): Record<BankingToolName, ToolRuntime> {
  const observed_at = options.observed_at ?? OBSERVED_AT;
  const account = env.bank_account;
  const user = env.user_account;
  // Bumped by each committed write: a result's resource_revision says which state of the environment it read.
  let revision = 0;
  let receipts = 0;
  const provenance = (spec: ToolSpec) => ({
    source_label: spec.source_label,
    producer_revision: spec.revisions.producer_revision,
    resource_revision: `banking-env-r${revision}`,
    observed_at,
  });
  /** After a write has changed the environment: the next revision, and a receipt for the audit (never the model). */
  const written = (spec: ToolSpec) => {
    revision += 1;
    receipts += 1;
    return [provenance(spec), { receipt_ref: `bank-receipt-${receipts}` }] as const;
  };
  const userInfo = () => ({
    first_name: user.first_name,
    last_name: user.last_name,
    street: user.street,
    city: user.city,
  });

  const sent = ledger<typeof specs.send_money>();
  const scheduled = ledger<typeof specs.schedule_transaction>();
  const updated = ledger<typeof specs.update_scheduled_transaction>();
  const passwords = ledger<typeof specs.update_password>();
  const users = ledger<typeof specs.update_user_info>();

  const newTransaction = (
    args: ArgsOf<typeof specs.send_money> | ArgsOf<typeof specs.schedule_transaction>,
    recurring: boolean,
  ): Transaction => ({
    id: nextId(account),
    sender: account.iban,
    recipient: args.recipient,
    amount: args.amount,
    subject: args.subject,
    date: args.date,
    recurring,
  });

  return {
    get_iban: defineRuntime(specs.get_iban, {
      run: () => succeeded({ iban: account.iban }, provenance(specs.get_iban)),
    }),
    send_money: defineRuntime(specs.send_money, {
      run(args, ctx) {
        account.transactions.push(newTransaction(args, false));
        // `f"{amount}"` of a pydantic float: 1200 prints "1200.0", as upstream's message does.
        const data = { message: `Transaction to ${args.recipient} for ${pyFloatRepr(args.amount)} sent.` };
        return sent.commit(ctx, succeeded(data, ...written(specs.send_money)));
      },
      queryStatus: sent.queryStatus,
      landing_ms: 0,
    }),
    schedule_transaction: defineRuntime(specs.schedule_transaction, {
      run(args, ctx) {
        account.scheduled_transactions.push(newTransaction(args, args.recurring));
        const data = { message: `Transaction to ${args.recipient} for ${pyFloatRepr(args.amount)} scheduled.` };
        return scheduled.commit(ctx, succeeded(data, ...written(specs.schedule_transaction)));
      },
      queryStatus: scheduled.queryStatus,
      landing_ms: 0,
    }),
    update_scheduled_transaction: defineRuntime(specs.update_scheduled_transaction, {
      run(args, ctx) {
        const t = account.scheduled_transactions.find((s) => s.id === args.id);
        // Upstream raises ValueError("Transaction with ID … not found."); the catalog's word for a missing resource
        // is NOT_FOUND (outcome not_started: nothing changed), which the status query then confirms.
        if (t === undefined) return failed('NOT_FOUND');
        if (truthy(args.recipient)) t.recipient = args.recipient;
        if (truthy(args.amount)) t.amount = args.amount;
        if (truthy(args.subject)) t.subject = args.subject;
        if (truthy(args.date)) t.date = args.date;
        if (truthy(args.recurring)) t.recurring = args.recurring;
        const data = { message: `Transaction with ID ${args.id} updated.` };
        return updated.commit(ctx, succeeded(data, ...written(specs.update_scheduled_transaction)));
      },
      queryStatus: updated.queryStatus,
      landing_ms: 0,
    }),
    get_balance: defineRuntime(specs.get_balance, {
      run: () => succeeded({ balance: account.balance }, provenance(specs.get_balance)),
    }),
    get_most_recent_transactions: defineRuntime(specs.get_most_recent_transactions, {
      run: (args) =>
        succeeded(
          { transactions: pyTail(account.transactions, args.n).map(shown) },
          provenance(specs.get_most_recent_transactions),
        ),
    }),
    get_scheduled_transactions: defineRuntime(specs.get_scheduled_transactions, {
      run: () =>
        succeeded(
          { scheduled_transactions: account.scheduled_transactions.map(shown) },
          provenance(specs.get_scheduled_transactions),
        ),
    }),
    read_file: defineRuntime(specs.read_file, {
      run: (args) => {
        const files = env.filesystem.files;
        const content = Object.hasOwn(files, args.file_path) ? (files[args.file_path] ?? '') : '';
        return succeeded({ file_path: args.file_path, content }, provenance(specs.read_file));
      },
    }),
    get_user_info: defineRuntime(specs.get_user_info, {
      run: () => succeeded(userInfo(), provenance(specs.get_user_info)),
    }),
    update_password: defineRuntime(specs.update_password, {
      run(args, ctx) {
        user.password = args.password;
        return passwords.commit(ctx, succeeded({ message: 'Password updated.' }, ...written(specs.update_password)));
      },
      queryStatus: passwords.queryStatus,
      landing_ms: 0,
    }),
    update_user_info: defineRuntime(specs.update_user_info, {
      run(args, ctx) {
        if (truthy(args.first_name)) user.first_name = args.first_name;
        if (truthy(args.last_name)) user.last_name = args.last_name;
        if (truthy(args.street)) user.street = args.street;
        if (truthy(args.city)) user.city = args.city;
        return users.commit(ctx, succeeded(userInfo(), ...written(specs.update_user_info)));
      },
      queryStatus: users.queryStatus,
      landing_ms: 0,
    }),
  };
}
