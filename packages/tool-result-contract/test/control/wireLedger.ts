/**
 * A payments downstream as an engineer's test meets it on a loaded machine
 * (docs/control-plane.md#in-flight-writes): a refund request takes time on the
 * wire, and once sent it lands whatever the handler does with its signal. The
 * ledger has no unique key — a side effect is a row — so the plane's promise
 * is tested without the downstream's help: "money moved twice" is two rows for
 * one key.
 *
 * The handler is one of two kinds an engineer writes: one that waits for its
 * request whatever happens (`gives_up: false`), and one that gives up when its
 * signal aborts while its request is still on the wire (`gives_up: true`).
 */
import type { Clock, RunContext, StatusAnswer, ToolRuntime } from '../../src/control/index.ts';
import { provenance, type RefundArgs } from './billing.ts';

export interface WireRow {
  key: string;
  args: RefundArgs;
  refund_ref: string;
  landed_at: number;
}

export interface WireLedgerOptions {
  clock: Clock;
  /** How long the request of the nth run (1-based, over the whole ledger) takes to land. */
  latency: (run: number, args: RefundArgs) => number;
  /** The handler returns at its signal's abort, while its request is still on the wire. */
  gives_up?: boolean;
  /** The downstream refuses the card: the handler throws, and nothing lands. */
  declines?: boolean;
  landing_ms: number;
}

export function wireLedger(o: WireLedgerOptions) {
  const rows: WireRow[] = [];
  let runs = 0;
  const output = (r: WireRow) => ({
    kind: 'success',
    data: { refund_ref: r.refund_ref, ...r.args },
    provenance: provenance(),
    downstream: { receipt_ref: `rcpt-${r.refund_ref}` },
  });
  const land = (key: string, args: RefundArgs): WireRow => {
    const row = { key, args, refund_ref: `RF-${rows.length + 1}`, landed_at: o.clock.now() };
    rows.push(row);
    return row;
  };
  const runtime: ToolRuntime = {
    async run(args, ctx: RunContext) {
      runs++;
      if (o.declines) throw new Error('card declined');
      const a = args as RefundArgs;
      // Sent: from here the request lands after its latency, whether or not anyone still waits for it.
      const landed = o.clock.sleep(o.latency(runs, a)).then(() => land(ctx.idempotency_key, a));
      if (!o.gives_up) return output(await landed);
      const abandoned = new Promise<null>((resolve) => {
        if (ctx.signal.aborted) resolve(null);
        ctx.signal.addEventListener('abort', () => resolve(null), { once: true });
      });
      const first = await Promise.race([landed, abandoned]);
      if (first === null) throw new Error('aborted by the deadline, request still on the wire');
      return output(first);
    },
    async queryStatus(ctx): Promise<StatusAnswer> {
      const r = rows.find((x) => x.key === ctx.idempotency_key);
      return r === undefined ? { state: 'not_started' } : { state: 'committed', handler_output: output(r) };
    },
    idempotency_fields: ['invoice_ref', 'amount_cents'],
    landing_ms: o.landing_ms,
  };
  return {
    runtime,
    rows,
    runs: () => runs,
    /** Keys with more than one row: intents paid more than once. */
    duplicates: () => {
      const seen = new Map<string, number>();
      for (const r of rows) seen.set(r.key, (seen.get(r.key) ?? 0) + 1);
      return [...seen.values()].filter((n) => n > 1).length;
    },
    keysMoved: () => new Set(rows.map((r) => r.key)).size,
  };
}

/** A small seeded generator (mulberry32): the same latencies on every run, so a failure can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
