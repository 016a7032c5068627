/**
 * The injection story end to end (A14, docs/scenarios.md#attacks), as data the mode draws step by
 * step: the injected hit of `search_kb.injection` (it stays data, trust
 * `untrusted_data`), the next turn where the persuaded model asks for
 * `send_email` (a `*.injection_follow_up` fixture), the gate answering
 * `UNKNOWN_TOOL` itself with no handler run, and the continuation carrying
 * that error back to the model. Every fact comes from the core.
 *
 * @example
 * const s = injectionStory('openai');
 * s.ok && s.steps.map((x) => x.kind) // ['injected_hit', 'model_asks', 'gate_answers', 'continuation_carries']
 */
import { assembleTurn } from '#lib/core/turn/index.ts';
import type { JsonValue } from '#lib/core/json/index.ts';
import type { ModelResult } from '#lib/core/result/index.ts';
import { project } from '#lib/core/result/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import { viewContinuation } from './continuationView.ts';
import { decideTurn } from './decision.ts';
import { findScenario, findTurnFixture, chapterTools } from '../../chapter/index.ts';

export const INJECTION_SCENARIO_ID = 'search_kb.injection';

export type InjectionStep =
  | {
      kind: 'injected_hit';
      scenario: string;
      /** The hits whose text tries to give orders, as the handler returned them. */
      hits: JsonValue[];
      /** What the model read: the hit stays in `data`, under trust `untrusted_data`. */
      model_result: ModelResult;
    }
  | {
      kind: 'model_asks';
      fixture: string;
      response_id: string | null;
      call_id: string;
      name: string;
      arguments: Record<string, JsonValue> | null;
    }
  | {
      kind: 'gate_answers';
      call_id: string;
      name: string;
      gate: 'UNKNOWN_TOOL';
      handler_ran: false;
      model_result: ModelResult;
    }
  | { kind: 'continuation_carries'; call_id: string; result_pointer: string; result: JsonValue; body: JsonValue };

/**
 * Why the story cannot be told: the chapter's material changed under it (a test keeps every provider's story
 * whole, so a learner should never see one). What the page names, in its words.
 */
export type InjectionStoryFault =
  | { fault: 'material_missing'; scenario: string; fixture: string }
  | { fault: 'not_gated'; decision: string }
  | { fault: 'gate_answered'; gate: string }
  | { fault: 'no_continuation'; stage: string }
  | { fault: 'no_result' };

export type InjectionStory =
  { ok: true; provider: ProviderName; steps: InjectionStep[] } | ({ ok: false } & InjectionStoryFault);

const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const at = (root: unknown, ptr: string): unknown =>
  ptr
    .split('/')
    .slice(1)
    .reduce<unknown>((v, k) => obj(v)[k] ?? (Array.isArray(v) ? v[Number(k)] : undefined), root);

/** The story for one provider, from the scenario and that provider's `injection_follow_up` fixture. Never throws. */
export function injectionStory(provider: ProviderName): InjectionStory {
  const scenario = findScenario(INJECTION_SCENARIO_ID);
  const fixture = findTurnFixture(`${provider}.injection_follow_up`);
  if (scenario == null || fixture === null)
    return {
      ok: false,
      fault: 'material_missing',
      scenario: INJECTION_SCENARIO_ID,
      fixture: `${provider}.injection_follow_up`,
    };
  const hitPkg = project(scenario.handler_output, scenario.context, chapterTools);
  const data = obj(hitPkg.model_result.data);
  const hits = (Array.isArray(data.hits) ? data.hits : []) as JsonValue[];

  const turn = assembleTurn(provider, fixture.stream);
  const decision = decideTurn(turn, fixture.turn_context);
  const call = turn.calls[0];
  if (decision.kind !== 'gated' || call === undefined)
    return { ok: false, fault: 'not_gated', decision: decision.kind };
  const decided = decision.calls[0];
  if (decided?.gate !== 'UNKNOWN_TOOL') return { ok: false, fault: 'gate_answered', gate: decided?.gate ?? '—' };

  // No handler output is given: the gate's answer must not need one.
  const view = viewContinuation(provider, turn, fixture.turn_context, {}, 'stateless');
  if (!view.ok) return { ok: false, fault: 'no_continuation', stage: view.stage };
  const pkg = view.packages[0];
  const pair = view.pairs[0];
  if (pkg === undefined || pair === undefined) return { ok: false, fault: 'no_result' };

  const steps: InjectionStep[] = [
    {
      kind: 'injected_hit',
      scenario: INJECTION_SCENARIO_ID,
      hits,
      model_result: hitPkg.model_result,
    },
    {
      kind: 'model_asks',
      fixture: fixture.id,
      response_id: turn.response_id,
      call_id: call.call_id,
      name: call.name,
      arguments: call.arguments,
    },
    {
      kind: 'gate_answers',
      call_id: call.call_id,
      name: call.name,
      gate: 'UNKNOWN_TOOL',
      handler_ran: false,
      model_result: pkg.package.model_result,
    },
    {
      kind: 'continuation_carries',
      call_id: call.call_id,
      result_pointer: pair.result_pointer,
      result: at(view.body, pair.result_pointer) as JsonValue,
      body: view.body,
    },
  ];
  return { ok: true, provider, steps };
}
