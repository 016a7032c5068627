/**
 * The decision at the end of a turn (issue 13): which calls run, which the
 * gate answers itself, or why nothing runs. The verdicts are the core's
 * (`gateCall`, SPEC 8.2); this module only adds the words the mode shows.
 *
 * @example
 * decideTurn(assembleTurn('anthropic', truncated.stream), ctx)
 * // { kind: 'stopped', problems: [{ code: 'NOT_A_TOOL_TURN', without: { en: 'The SDK’s helper turns …', zh: '…' }, … }] }
 */
import { gateCall, TurnInputError, type GateVerdict } from '../../core/turn/index.ts';
import type { AssembledTurn, TurnProblem } from '../../core/turn/index.ts';
import type { TurnContext } from '../../core/turn/index.ts';
import type { TrustedContext } from '../../core/result/index.ts';
import type { Bilingual } from '../../lang.ts';
import { PROBLEM_RULES, withoutTheRule } from './problemStories.ts';

export interface ExplainedProblem extends TurnProblem {
  rule: Bilingual;
  without: Bilingual;
}

export interface DecidedCall {
  position: number;
  call_id: string;
  name: string;
  gate: GateVerdict;
  /** Only a call the gate sent to its handler runs. */
  runs: boolean;
  why: Bilingual;
  /** The trusted context the gate built: response id and call id taken from the stream. */
  trusted: TrustedContext;
}

export type TurnDecision =
  /** Any problem stops the whole turn: nothing reaches the gate. */
  | { kind: 'stopped'; problems: ExplainedProblem[] }
  /** A clean turn without calls: nothing to run. */
  | { kind: 'no_calls'; why: Bilingual }
  | { kind: 'gated'; calls: DecidedCall[]; runs: string[]; answered: string[] }
  /** The dispatcher's turn context cannot bind a call (SPEC 8.4 exit 2). */
  | { kind: 'bad_input'; call_id: string | null; detail: string };

/** The text a problem's story quotes: the call that never parsed (the cut-off one), else the last call's text. */
/** The arguments a cut-off call had: none when every call closed whole (a recorded message delivered whole in message_start), so no story quotes a cut that did not happen. */
function quotedArguments(turn: AssembledTurn): string {
  return turn.calls.find((x) => x.arguments === null)?.arguments_text ?? '';
}

function gateWhy(gate: GateVerdict, name: string, parsed: boolean): Bilingual {
  switch (gate) {
    case 'handler':
      return {
        en: `${name} is a registered tool and its arguments are strict JSON of an object that passes its input schema: its handler runs under the trusted context the gate built.`,
        zh: `${name} 是已注册的工具，参数是严格 JSON 对象且通过了输入模式校验：它的 handler 在关卡构建的可信上下文下执行。`,
      };
    case 'UNKNOWN_TOOL':
      return {
        en: `The registry has no tool named ${name}: the dispatcher makes the result itself (UNKNOWN_TOOL), no handler runs. This is decided before the arguments are looked at.`,
        zh: `注册表中没有名为 ${name} 的工具：dispatcher 自己生成结果（UNKNOWN_TOOL），不执行任何 handler。这一判断发生在查看参数之前。`,
      };
    case 'INVALID_ARGUMENTS':
      return parsed
        ? {
            en: `The arguments are JSON, but fail ${name}'s input schema: the dispatcher answers INVALID_ARGUMENTS itself, no handler runs.`,
            zh: `参数是 JSON，但没有通过 ${name} 的输入模式：dispatcher 自己返回 INVALID_ARGUMENTS，不执行 handler。`,
          }
        : {
            en: `The arguments are not strict JSON of an object: the dispatcher answers INVALID_ARGUMENTS itself, no handler runs, and the trusted arguments are the text as a JSON string.`,
            zh: `参数不是严格的 JSON 对象：dispatcher 自己返回 INVALID_ARGUMENTS，不执行 handler；可信参数是原文本的 JSON 字符串。`,
          };
  }
}

/** Never throws: a call the turn context cannot bind is `bad_input`. */
export function decideTurn(turn: AssembledTurn, ctx: TurnContext): TurnDecision {
  if (turn.problems.length > 0) {
    const quoted = quotedArguments(turn);
    return {
      kind: 'stopped',
      problems: turn.problems.map((p) => ({ ...p, rule: { ...PROBLEM_RULES[p.code] }, without: withoutTheRule(turn.provider, p.code, quoted, p.params) })),
    };
  }
  if (turn.calls.length === 0) {
    return { kind: 'no_calls', why: { en: 'The model asked for no tool in this turn: there is nothing to run.', zh: '模型在这个回合没有请求任何工具：没有需要执行的东西。' } };
  }
  try {
    const calls = turn.calls.map((c, position): DecidedCall => {
      const g = gateCall(turn, c, ctx);
      return { position, call_id: c.call_id, name: c.name, gate: g.gate, runs: g.gate === 'handler', why: gateWhy(g.gate, c.name, c.arguments !== null), trusted: g.trusted };
    });
    return { kind: 'gated', calls, runs: calls.filter((c) => c.runs).map((c) => c.call_id), answered: calls.filter((c) => !c.runs).map((c) => c.call_id) };
  } catch (e) {
    if (e instanceof TurnInputError) return { kind: 'bad_input', call_id: e.call_id, detail: e.message };
    return { kind: 'bad_input', call_id: null, detail: e instanceof Error ? e.message : String(e) };
  }
}
