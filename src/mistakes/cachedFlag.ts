/** Mistake 4: `cached: true` as the recovery protocol. */
import { ERROR_CATALOG } from '#lib/core/tables/index.ts';
import { project } from '#lib/core/result/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import type { Mistake } from './mistake.ts';
import { findScenario, chapterTools } from '../chapter/index.ts';

/** The mistaken result: three booleans where the contract has a finite status, an outcome and a delivery. */
export function booleanResult(s: Scenario): { ok: boolean; cached: boolean; retryable: boolean } {
  const mr = project(s.handler_output, s.context, chapterTools).model_result;
  return {
    ok: mr.status === 'succeeded',
    cached: mr.execution.delivery !== 'fresh',
    retryable: mr.status !== 'succeeded',
  };
}

/** What a control plane does next with each representation. */
export function nextStep(s: Scenario, representation: 'contract' | 'booleans'): string {
  const mr = project(s.handler_output, s.context, chapterTools).model_result;
  if (representation === 'booleans') {
    const b = booleanResult(s);
    return b.ok ? 'done' : b.retryable ? `dispatch ${s.context.tool} again` : 'give up';
  }
  if (mr.status === 'succeeded') return mr.execution.delivery === 'fresh' ? 'done' : `done (${mr.execution.delivery})`;
  const recovery = mr.error === null ? 'none' : ERROR_CATALOG[mr.error.code as keyof typeof ERROR_CATALOG].recovery;
  return recovery === 'query_status'
    ? `query the status of ${s.context.call.operation_id}; never dispatch the write again`
    : recovery;
}

export const cachedFlag: Mistake<4> = {
  id: 4,
  scenario: 'create_refund_draft.outcome_unknown',
  run(s: Scenario) {
    const replay = findScenario('get_order.local_replay') as Scenario;
    const reconciled = findScenario('create_refund_draft.receipt_reconciled') as Scenario;
    // The booleans lose what this result is only when it is not fresh: a replay and a reconciled receipt read alike.
    const sameLook =
      booleanResult(s).cached && JSON.stringify(booleanResult(replay)) === JSON.stringify(booleanResult(reconciled));
    const mistakenNext = nextStep(s, 'booleans');
    const correctNext = nextStep(s, 'contract');
    const writesTwice = /^dispatch /.test(mistakenNext) && s.context.tool === 'create_refund_draft';
    return {
      id: 4,
      correct: {
        value: {
          next_step: correctNext,
          local_replay: project(replay.handler_output, replay.context, chapterTools).model_result.execution,
          receipt_reconciled: project(reconciled.handler_output, reconciled.context, chapterTools).model_result
            .execution,
        },
      },
      mistaken: {
        value: {
          next_step: mistakenNext,
          local_replay: booleanResult(replay),
          receipt_reconciled: booleanResult(reconciled),
        },
      },
      facts: { sameLook, writesTwice },
      evidence: sameLook || writesTwice ? [mistakenNext] : [],
      shows: sameLook || writesTwice,
    };
  },
};
