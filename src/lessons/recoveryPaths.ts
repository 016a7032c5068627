/**
 * The recovery walk-through's three paths as data: each step's
 * kind, the built-in scenario whose projection is its result (a dispatch, a
 * wait or a query produces none, and names the control plane's next action
 * itself), and the evidence it shows. The words are in ./recoveryText.ts;
 * src/playground/recoveryTimeline.ts projects every scenario through the core.
 */
import type { ErrorCode, Recovery } from '#lib/core/tables/index.ts';

export type RecoveryPathId = 'outcome_unknown' | 'rate_limit' | 'replay_reconciled';
export const RECOVERY_PATH_IDS: readonly RecoveryPathId[] = ['outcome_unknown', 'rate_limit', 'replay_reconciled'];

export type StepKind = 'dispatch' | 'result' | 'wait' | 'query';

/** What the control plane does next: the catalog's recovery for an error, `deliver` for a success. */
export type NextAction = Recovery | 'deliver' | 'await_result';

export interface RecoveryStep {
  id: string;
  kind: StepKind;
  /** The step's result: this built-in scenario as the core projects it; null for a step that produces no result. */
  scenario: string | null;
  /**
   * A step without a result names what comes next (a result's next step is the catalog's, from its code). An action
   * the catalog chose names the code it was chosen for: the walk-through cites ERROR_CATALOG[code].recovery, and a
   * recovery (`query_status`) is not a code.
   */
  next?: { action: NextAction; source: 'step' } | { action: Recovery; source: 'catalog'; code: ErrorCode };
}

export const RECOVERY_PATHS: Readonly<Record<RecoveryPathId, readonly RecoveryStep[]>> = {
  outcome_unknown: [
    { id: 'dispatch', kind: 'dispatch', scenario: null, next: { action: 'await_result', source: 'step' } },
    { id: 'timeout', kind: 'result', scenario: 'create_refund_draft.outcome_unknown' },
    {
      id: 'query',
      kind: 'query',
      scenario: null,
      next: { action: 'query_status', source: 'catalog', code: 'OUTCOME_UNKNOWN' },
    },
    { id: 'reconciled', kind: 'result', scenario: 'create_refund_draft.receipt_reconciled' },
  ],
  rate_limit: [
    { id: 'dispatch', kind: 'dispatch', scenario: null, next: { action: 'await_result', source: 'step' } },
    { id: '429', kind: 'result', scenario: 'search_kb.rate_limited' },
    {
      id: 'wait',
      kind: 'wait',
      scenario: null,
      next: { action: 'retry_after', source: 'catalog', code: 'RATE_LIMIT' },
    },
    { id: 'retry', kind: 'result', scenario: 'search_kb.hits' },
  ],
  replay_reconciled: [
    { id: 'dispatch', kind: 'result', scenario: 'get_order.paid' },
    { id: 'replay', kind: 'result', scenario: 'get_order.local_replay' },
    { id: 'reconciled', kind: 'result', scenario: 'create_refund_draft.receipt_reconciled' },
  ],
};
