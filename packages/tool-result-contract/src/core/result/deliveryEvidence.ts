/**
 * Delivery evidence (docs/contract.md#delivery-evidence): `local_replay` and `receipt_reconciled`
 * are claims the trusted context makes, and each needs its evidence — a success, since only a
 * committed success is ever replayed or reconciled, and for `receipt_reconciled` the receipt the
 * status query found. The projector holds a handler output to it and the validator a package,
 * each from its own inputs.
 */
import { isObject } from '../json/jsonValue.ts';
import type { ViolationList } from '../tables/violation.ts';
import type { ContextFacts } from './contextFacts.ts';
import type { Delivery } from './trustedContext.ts';

/** A handler output under a replayed or reconciled delivery: refused unless it is a success, with its receipt when reconciled. */
export function handlerDeliveryEvidence(
  raw: unknown,
  delivery: Delivery,
  receipt_ref: string | null,
  out: ViolationList,
): void {
  if (delivery === 'fresh' || !isObject(raw)) return;
  if (raw.kind !== 'success') out.add('DELIVERY_EVIDENCE', '/kind', { kind: 'rule', rule: 'replay_needs_success' });
  else if (delivery === 'receipt_reconciled' && receipt_ref === null)
    out.add('DELIVERY_EVIDENCE', '/downstream/receipt_ref', { kind: 'rule', rule: 'reconciled_needs_receipt' });
}

/**
 * A package under a replayed or reconciled delivery: its model_result a success or the refusal
 * of a handler output without the evidence, and a reconciled success's audit holding a receipt.
 * A call the input gate refuses keeps the gate's answer under any delivery: only a call that
 * passed the gate is ever run, so replayed.
 */
export function packageDeliveryEvidence(
  model_result: unknown,
  audit: unknown,
  facts: Pick<ContextFacts, 'delivery' | 'gate'>,
  out: ViolationList,
): void {
  if (facts.delivery === 'fresh' || facts.gate !== 'handler' || !isObject(model_result)) return;
  if (model_result.status !== 'succeeded') {
    const code = isObject(model_result.error) ? model_result.error.code : undefined;
    if (code !== 'OUTPUT_CONTRACT_VIOLATION')
      out.add('DELIVERY_EVIDENCE', '/model_result/status', { kind: 'rule', rule: 'replay_needs_success' });
    return;
  }
  const receipt = isObject(audit) && isObject(audit.downstream) ? audit.downstream.receipt_ref : undefined;
  if (facts.delivery === 'receipt_reconciled' && typeof receipt !== 'string')
    out.add('DELIVERY_EVIDENCE', '/protected_audit/downstream/receipt_ref', {
      kind: 'rule',
      rule: 'reconciled_needs_receipt',
    });
}
