/**
 * Delivery evidence (docs/contract.md#delivery-evidence): a replayed or reconciled result is a
 * committed success, and a reconciled one shows its receipt — held by the projector on the handler
 * output and by the validator on the package, each from its own inputs.
 */
import { describe, expect, it } from 'vitest';
import { project, validateResult, type Scenario } from './index.ts';
import { findScenario, chapterTools } from '../../../../../src/chapter/index.ts';

const scenario = (id: string) => findScenario(id) as Scenario;
const codes = (vs: readonly { code: string; path: string }[]) => vs.map((v) => `${v.code} ${v.path}`).sort();
const reconciled = scenario('create_refund_draft.receipt_reconciled');
const replayed = scenario('get_order.local_replay');

describe('delivery evidence', () => {
  it('the chapter’s replayed and reconciled successes carry their evidence and validate', () => {
    for (const s of [reconciled, replayed]) {
      const pkg = project(s.handler_output, s.context, chapterTools);
      expect(pkg.model_result.status).toBe('succeeded');
      expect(validateResult(pkg, s.context, chapterTools).ok).toBe(true);
    }
  });

  it('an error or an exception under local_replay or receipt_reconciled is refused at /kind', () => {
    for (const s of [reconciled, replayed]) {
      for (const output of [
        { kind: 'error', error: { code: 'RATE_LIMIT', retry_after_ms: 30_000 }, observed_at: s.context.now },
        { kind: 'exception', detail: 'boom' },
      ]) {
        const pkg = project(output, s.context, chapterTools);
        expect(pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
        expect(codes(pkg.protected_audit.violations)).toEqual(['DELIVERY_EVIDENCE /kind']);
        expect(validateResult(pkg, s.context, chapterTools).ok).toBe(true);
      }
    }
  });

  it('a reconciled success without a receipt is refused; a replayed one needs none', () => {
    const { receipt_ref: _gone, ...rest } = (reconciled.handler_output as { downstream: Record<string, string> })
      .downstream;
    const without = { ...(reconciled.handler_output as object), downstream: rest };
    const pkg = project(without, reconciled.context, chapterTools);
    expect(codes(pkg.protected_audit.violations)).toEqual(['DELIVERY_EVIDENCE /downstream/receipt_ref']);
    expect(validateResult(pkg, reconciled.context, chapterTools).ok).toBe(true);
    const fresh = { ...reconciled.context, delivery: 'fresh' as const };
    expect(project(without, fresh, chapterTools).model_result.status).toBe('succeeded');
    const asReplay = { ...reconciled.context, delivery: 'local_replay' as const };
    expect(project(without, asReplay, chapterTools).model_result.status).toBe('succeeded');
  });

  it('the validator refuses a stored package whose claim lacks its evidence', () => {
    // A fresh error presented under a replayed delivery (the audit and digests recomputed for it would not help).
    const error = {
      kind: 'error',
      error: { code: 'RATE_LIMIT', retry_after_ms: 30_000 },
      observed_at: replayed.context.now,
    };
    const freshPkg = project(error, { ...replayed.context, delivery: 'fresh' }, chapterTools);
    const v = validateResult(freshPkg, replayed.context, chapterTools);
    expect(codes(v.violations)).toContain('DELIVERY_EVIDENCE /model_result/status');
    // A reconciled success whose audit lost its receipt.
    const pkg = structuredClone(project(reconciled.handler_output, reconciled.context, chapterTools));
    pkg.protected_audit.downstream.receipt_ref = null;
    expect(codes(validateResult(pkg, reconciled.context, chapterTools).violations)).toContain(
      'DELIVERY_EVIDENCE /protected_audit/downstream/receipt_ref',
    );
  });

  it('a call the input gate refuses keeps the gate’s answer under any delivery', () => {
    const bad = { ...replayed.context, arguments: { order_ref: 42 } };
    const pkg = project(replayed.handler_output, bad, chapterTools);
    expect(pkg.model_result.error?.code).toBe('INVALID_ARGUMENTS');
    expect(validateResult(pkg, bad, chapterTools).ok).toBe(true);
  });
});
