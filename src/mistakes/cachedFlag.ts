/** Mistake 4: `cached: true` as the recovery protocol. */
import { ERROR_CATALOG } from '../core/tables/index.ts';
import { project } from '../core/result/index.ts';
import { type Scenario } from '../core/result/index.ts';
import { findScenario } from '../core/result/index.ts';
import type { Mistake } from './mistake.ts';

/** The mistaken result: three booleans where the contract has a finite status, an outcome and a delivery. */
export function booleanResult(s: Scenario): { ok: boolean; cached: boolean; retryable: boolean } {
  const mr = project(s.handler_output, s.context).model_result;
  return {
    ok: mr.status === 'succeeded',
    cached: mr.execution.delivery !== 'fresh',
    retryable: mr.status !== 'succeeded',
  };
}

/** What a control plane does next with each representation. */
export function nextStep(s: Scenario, representation: 'contract' | 'booleans'): string {
  const mr = project(s.handler_output, s.context).model_result;
  if (representation === 'booleans') {
    const b = booleanResult(s);
    return b.ok ? 'done' : b.retryable ? `dispatch ${s.context.tool} again` : 'give up';
  }
  if (mr.status === 'succeeded') return mr.execution.delivery === 'fresh' ? 'done' : `done (${mr.execution.delivery})`;
  const recovery = mr.error === null ? 'none' : ERROR_CATALOG[mr.error.code as keyof typeof ERROR_CATALOG].recovery;
  return recovery === 'query_status' ? `query the status of ${s.context.call.operation_id}; never dispatch the write again` : recovery;
}

export const cachedFlag: Mistake = {
  id: 4,
  scenario: 'create_refund_draft.outcome_unknown',
  title: {
    en: 'cached=true as the recovery protocol: replay and reconciliation look the same, and a write is sent twice',
    zh: '把 cached=true 当成恢复协议：重放与回执核对看起来一样，写操作被发送两次',
  },
  run(s: Scenario) {
    const replay = findScenario('get_order.local_replay') as Scenario;
    const reconciled = findScenario('create_refund_draft.receipt_reconciled') as Scenario;
    const sameLook = JSON.stringify(booleanResult(replay)) === JSON.stringify(booleanResult(reconciled));
    const mistakenNext = nextStep(s, 'booleans');
    const correctNext = nextStep(s, 'contract');
    const writesTwice = /^dispatch /.test(mistakenNext) && s.context.tool === 'create_refund_draft';
    return {
      correct: {
        label: { en: 'status, outcome and delivery from the contract', zh: '合同中的 status、outcome 与 delivery' },
        value: {
          next_step: correctNext,
          local_replay: project(replay.handler_output, replay.context).model_result.execution,
          receipt_reconciled: project(reconciled.handler_output, reconciled.context).model_result.execution,
        },
      },
      mistaken: {
        label: { en: 'ok / cached / retryable booleans', zh: 'ok / cached / retryable 三个布尔值' },
        value: { next_step: mistakenNext, local_replay: booleanResult(replay), receipt_reconciled: booleanResult(reconciled) },
      },
      consequence: {
        en: `${sameLook ? 'A local replay and a reconciled receipt both read cached: true — the evidence behind them is lost. ' : ''}${writesTwice ? 'After OUTCOME_UNKNOWN, "retryable" sends the refund draft write again: a possible duplicate.' : ''}`.trim(),
        zh: `${sameLook ? '本地重放与回执核对都成了 cached: true——背后的证据丢失了。' : ''}${writesTwice ? 'OUTCOME_UNKNOWN 之后，“retryable” 让退款草稿写操作再次发送：可能重复写入。' : ''}`,
      },
      evidence: [mistakenNext],
      shows: sameLook || writesTwice,
    };
  },
};
