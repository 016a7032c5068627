/**
 * The scenarios (docs/scenarios.md#the-built-in-scenarios), shipped as data (one JSON file each). The order here
 * is the order the playground lists them in, grouped by tool.
 */
import type { Scenario } from '#lib/core/result/index.ts';
import searchKbHits from './scenarios/search_kb.hits.json' with { type: 'json' };
import searchKbEmpty from './scenarios/search_kb.empty.json' with { type: 'json' };
import searchKbNoAccess from './scenarios/search_kb.no_access.json' with { type: 'json' };
import searchKbRateLimited from './scenarios/search_kb.rate_limited.json' with { type: 'json' };
import searchKbTruncated from './scenarios/search_kb.truncated.json' with { type: 'json' };
import searchKbInjection from './scenarios/search_kb.injection.json' with { type: 'json' };
import searchKbTokenLeak from './scenarios/search_kb.token_leak.json' with { type: 'json' };
import searchKbHostileText from './scenarios/search_kb.hostile_text.json' with { type: 'json' };
import getOrderPaid from './scenarios/get_order.paid.json' with { type: 'json' };
import getOrderLocalReplay from './scenarios/get_order.local_replay.json' with { type: 'json' };
import getOrderKeyed from './scenarios/get_order.keyed.json' with { type: 'json' };
import getOrderToolException from './scenarios/get_order.tool_exception.json' with { type: 'json' };
import createRefundDraftCreated from './scenarios/create_refund_draft.created.json' with { type: 'json' };
import createRefundDraftReceiptReconciled from './scenarios/create_refund_draft.receipt_reconciled.json' with { type: 'json' };
import createRefundDraftOutcomeUnknown from './scenarios/create_refund_draft.outcome_unknown.json' with { type: 'json' };
import createRefundDraftStatusInjected from './scenarios/create_refund_draft.status_injected.json' with { type: 'json' };

/** Every scenario, in display order. */
export const scenarios: readonly Scenario[] = Object.freeze([
  searchKbHits as Scenario,
  searchKbEmpty as Scenario,
  searchKbNoAccess as Scenario,
  searchKbRateLimited as Scenario,
  searchKbTruncated as Scenario,
  searchKbInjection as Scenario,
  searchKbTokenLeak as Scenario,
  searchKbHostileText as Scenario,
  getOrderPaid as Scenario,
  getOrderLocalReplay as Scenario,
  getOrderKeyed as Scenario,
  getOrderToolException as Scenario,
  createRefundDraftCreated as Scenario,
  createRefundDraftReceiptReconciled as Scenario,
  createRefundDraftOutcomeUnknown as Scenario,
  createRefundDraftStatusInjected as Scenario,
]);

/** The five results of the chapter's knowledge-search exercise (docs/scenarios.md#the-exercise). */
export const EXERCISE_SCENARIO_IDS = [
  'search_kb.hits',
  'search_kb.empty',
  'search_kb.no_access',
  'search_kb.rate_limited',
  'search_kb.truncated',
] as const;

export function findScenario(id: string): Scenario | null {
  return scenarios.find((s) => s.id === id) ?? null;
}
