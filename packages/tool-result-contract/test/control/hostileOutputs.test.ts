/**
 * A write's handler output that is not JSON data, through the control plane: the plane answers
 * every call, writes an audit entry for every answer, and never runs the write a second time
 * because an answer could not be projected or an entry could not be encoded (SECURITY.md, review
 * findings 4 and 8).
 */
import { describe, expect, it } from 'vitest';
import {
  createControlPlane,
  memoryStore,
  virtualClock,
  type Execution,
  type Store,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { dispatcher, provenance, refundCall, type RefundArgs } from './billing.ts';

type Status = 'committed' | 'not_started' | 'unknown';

/** A refund runtime whose handler commits, then answers `make(refund)`; the downstream answers the status query. */
function world(make: (data: Record<string, unknown>) => unknown, status: Status, store: Store = memoryStore()) {
  const clock = virtualClock();
  const refunds: { key: string; data: Record<string, unknown> }[] = [];
  let runs = 0;
  const issue: ToolRuntime = {
    run(args, ctx) {
      runs++;
      const data = { refund_ref: `RF-${refunds.length + 1}`, ...(args as RefundArgs) };
      // A downstream that says "not started" is honest here: that handler failed before it sent anything.
      if (status !== 'not_started') refunds.push({ key: ctx.idempotency_key, data });
      return make(data);
    },
    queryStatus(ctx) {
      const r = refunds.find((x) => x.key === ctx.idempotency_key);
      if (status !== 'committed' || r === undefined) return { state: status === 'unknown' ? 'unknown' : 'not_started' };
      const downstream = { receipt_ref: `rcpt-${String(r.data.refund_ref)}` };
      return {
        state: 'committed',
        handler_output: { kind: 'success', data: r.data, provenance: provenance(), downstream },
      };
    },
    landing_ms: 1_000,
  };
  const plane = createControlPlane({
    dispatcher,
    store,
    runtimes: { issue_refund: issue, get_invoice: { run: () => null } },
    clock,
    authorize: () => true,
  });
  /** Three asks of one intent, as a caller that retries would make them. */
  const askThrice = async () => {
    const answers: { ex: Execution; took: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const t = clock.now();
      const ex = await plane.execute(refundCall());
      expect(dispatcher.validateResult(ex.pkg, ex.trusted)).toEqual({ ok: true, violations: [] });
      answers.push({ ex, took: clock.now() - t });
    }
    return answers;
  };
  return { plane, refunds, runs: () => runs, askThrice };
}

class RefundEntity {
  constructor(data: Record<string, unknown>) {
    Object.assign(this, data);
  }
}

const HOSTILE: Record<string, (data: Record<string, unknown>) => unknown> = {
  'a class instance (an ORM entity)': (data) => ({
    kind: 'success',
    data: new RefundEntity(data),
    provenance: provenance(),
  }),
  'a symbol key': (data) => ({ kind: 'success', data: { ...data, [Symbol('orm')]: 1 }, provenance: provenance() }),
  'a throwing getter': (data) => {
    const d = { ...data };
    Object.defineProperty(d, 'lazy', {
      enumerable: true,
      get: () => {
        throw new Error('relation not loaded');
      },
    });
    return { kind: 'success', data: d, provenance: provenance() };
  },
  'a member named with a lone surrogate': (data) => ({
    kind: 'success',
    data: { ...data, ['note\uD800']: 1 },
    provenance: provenance(),
  }),
  'a cycle': (data) => {
    const d: Record<string, unknown> = { ...data };
    d.self = d;
    return { kind: 'success', data: d, provenance: provenance() };
  },
};

describe.each(Object.entries(HOSTILE))('a write whose handler answers %s', (_name, make) => {
  it.each(['committed', 'not_started', 'unknown'] as const)(
    'status %s: every answer audited, the refund made once, no 30 s wait for OUTCOME_UNKNOWN',
    async (status) => {
      const { plane, refunds, runs, askThrice } = world(make, status);
      const answers = await askThrice();
      // Released on the downstream's word "not started", each ask may run again; otherwise the one run stands.
      expect(refunds).toHaveLength(status === 'not_started' ? 0 : 1);
      expect(runs()).toBe(status === 'not_started' ? 3 : 1);
      for (const { ex } of answers) expect(ex.audit_seq).not.toBeNull();
      expect(await plane.auditEntries()).toHaveLength(3);
      // The first answer is decided at once: a handler's contract breach is settled by the status query, not a deadline.
      expect(answers[0]?.took).toBeLessThan(30_000);
      const first = answers[0]?.ex as Execution;
      if (status === 'committed') expect(first.delivery).toBe('receipt_reconciled');
      else expect(first.pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    },
  );
});

describe('an audit entry that cannot be encoded', () => {
  /** A store whose first entry is made unencodable before it is linked: the state the core promises never to reach. */
  function poisoning(): Store {
    const inner = memoryStore();
    let poisoned = false;
    return {
      ...inner,
      commit(change, draft, link) {
        if (draft === null || poisoned) return inner.commit(change, draft, link);
        poisoned = true;
        const audit = draft.protected_audit;
        const bad = { path: '/data/\uD800', reason: 'downstream_reference' as const };
        return inner.commit(
          change,
          { ...draft, protected_audit: { ...audit, redactions: [...audit.redactions, bad] } },
          link,
        );
      },
    };
  }

  it('the record still changes with an entry of the dispatcher’s own answer: the write is not run again', async () => {
    const make = (data: Record<string, unknown>) => ({ kind: 'success', data, provenance: provenance() });
    const { plane, refunds, runs, askThrice } = world(make, 'committed', poisoning());
    const answers = await askThrice();
    expect(refunds).toHaveLength(1);
    expect(runs()).toBe(1);
    const [first, ...rest] = answers.map((a) => a.ex);
    // The answer that could not be recorded as it was is the dispatcher's TOOL_ERROR (a write: outcome unknown).
    expect(first?.pkg.model_result.error?.code).toBe('TOOL_ERROR');
    expect(first?.audit_seq).toBe(1);
    // The completion was committed with it: the next asks replay the refund.
    for (const ex of rest) expect(ex.delivery).toBe('local_replay');
    expect(await plane.auditEntries()).toHaveLength(3);
  });
});
