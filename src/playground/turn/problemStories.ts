/**
 * Why each problem of SPEC 8.1 stops the turn, in both languages: the rule,
 * and what would have gone wrong without it. The "without" texts name the
 * official SDKs' own leniencies (STREAMS.md 1.8, 2.8, 3.8 and 4; docs/turn.md),
 * the helpers a dispatcher might have trusted instead. Every entry is a
 * {@link Bilingual}: a missing Chinese text is a type error.
 */
import type { ProviderName } from '../../core/tables/index.ts';
import type { TurnProblemCode } from '../../core/turn/index.ts';
import type { TurnProblemParams } from '../../core/turn/index.ts';
import type { Bilingual } from '../../lang.ts';

/** The rule each code enforces (SPEC 8.1). */
export const PROBLEM_RULES: Readonly<Record<TurnProblemCode, Readonly<Bilingual>>> = Object.freeze({
  STREAM_ORDER: {
    en: 'Every event must come in the provider’s order: the right first event, fragments only for a call that is open, an index opened once, nothing after the terminal event.',
    zh: '每个事件都必须符合 provider 的顺序：正确的第一个事件、片段只能属于已打开的调用、每个索引只打开一次、终止事件之后不能再有事件。',
  },
  STREAM_UNTERMINATED: {
    en: 'A turn counts only once the provider’s terminal event has arrived.',
    zh: '只有收到 provider 的终止事件，这个回合才算数。',
  },
  STREAM_ERROR: {
    en: 'An error event, or an end in failure or cancellation, abandons the whole turn.',
    zh: 'error 事件，或以失败、取消结束，都意味着整个回合作废。',
  },
  NOT_A_TOOL_TURN: {
    en: 'Calls run only when the turn ends by asking for tools; any other end (the output budget, a refusal, end of turn) means the model did not finish asking.',
    zh: '只有回合以“请求工具”结束时调用才会执行；其他结束方式（输出预算耗尽、拒绝、正常结束）说明模型并没有完成请求。',
  },
  ARGUMENTS_DISAGREE: {
    en: 'OpenAI sends the arguments more than once (fragments, `.done`, the done item, the completed response): all of them must say the same.',
    zh: 'OpenAI 会多次发送参数（片段、`.done`、完成的条目、完成的响应）：它们必须完全一致。',
  },
  DUPLICATE_CALL_ID: {
    en: 'Results are paired with calls by id: two calls of one turn may not share one.',
    zh: '结果按 id 与调用配对：同一回合的两个调用不能共用一个 id。',
  },
  UNSUPPORTED_CALL: {
    en: 'The registry holds function tools only: an item the client must run that is not a function call (a shell command, a patch, a computer action) runs nowhere, and the turn cannot continue without its answer.',
    zh: '注册表只登记函数工具：客户端必须执行、却不是函数调用的条目（shell 命令、补丁、电脑操作）在这里不会执行，没有它的回答，这个回合也无法继续。',
  },
});

/** What would have gone wrong without the rule, when no provider-specific story is told. `{arguments}` is the call's arguments text. */
const GENERIC: Readonly<Record<TurnProblemCode, Bilingual>> = {
  STREAM_ORDER: {
    en: 'A dispatcher that attached each fragment to “the last call” would have run a tool with arguments pieced together from another call.',
    zh: '如果 dispatcher 把每个片段都接到“最后一个调用”上，工具就会带着拼接自另一个调用的参数执行。',
  },
  STREAM_UNTERMINATED: {
    en: 'A dispatcher that ran what it had when the connection dropped would have run calls the model never finished asking for.',
    zh: '如果 dispatcher 在连接中断时就执行手头的调用，就会执行模型尚未完成请求的调用。',
  },
  STREAM_ERROR: {
    en: 'A dispatcher that ran the calls collected before the error would have acted on a turn the provider itself abandoned.',
    zh: '如果 dispatcher 执行了错误之前收集到的调用，就是在执行一个 provider 自己已放弃的回合。',
  },
  NOT_A_TOOL_TURN: {
    en: 'A dispatcher that ran every call it found would have run one whose arguments were cut off at `{arguments}`.',
    zh: '如果 dispatcher 执行它找到的每个调用，就会执行一个参数在 `{arguments}` 处被截断的调用。',
  },
  ARGUMENTS_DISAGREE: {
    en: 'A dispatcher would have run one version of the arguments while its log showed another.',
    zh: 'dispatcher 会按一个版本的参数执行，而日志里记录的却是另一个版本。',
  },
  DUPLICATE_CALL_ID: {
    en: 'With two calls under one id, a result could be handed to the wrong call, and the model could not tell which result answers which.',
    zh: '两个调用共用一个 id 时，结果可能交给错误的调用，模型也无法分辨哪个结果对应哪个调用。',
  },
  UNSUPPORTED_CALL: {
    en: 'A dispatcher that answered only the function calls would have sent a next request leaving the item unanswered, which the API refuses, or replayed it with no output as if it had run.',
    zh: '如果 dispatcher 只回答函数调用，下一次请求就会留下这个条目没有回答（API 会拒绝），或者把它原样回放、好像它已经执行过一样。',
  },
};

/** Where an official SDK helper is more lenient than this contract, what trusting it would have done. */
const BY_PROVIDER: Readonly<Record<ProviderName, Partial<Record<TurnProblemCode, Bilingual>>>> = {
  openai: {
    STREAM_ORDER: {
      en: 'The SDK’s ResponseStream checks neither the sequence numbers nor that a delta’s item_id is the item at its output_index: the fragment would have been added to another call’s arguments, and that call would have run with them.',
      zh: 'SDK 的 ResponseStream 既不检查 sequence_number，也不检查 delta 的 item_id 是否就是该 output_index 上的条目：这个片段会被拼进另一个调用的参数，那个调用就会带着它执行。',
    },
    STREAM_UNTERMINATED: {
      en: 'The SDK’s `finalResponse()` still resolves, with status `in_progress`: a dispatcher that trusted it would have run the calls of a stream that was cut.',
      zh: 'SDK 的 `finalResponse()` 仍然会返回（状态为 `in_progress`）：信任它的 dispatcher 会执行一个被截断的流中的调用。',
    },
    NOT_A_TOOL_TURN: {
      en: 'The SDK’s `finalResponse()` resolves with the incomplete response, whose function_call item holds the cut-off text `{arguments}`: a dispatcher that ran every function_call item would have run a call the model never finished.',
      zh: 'SDK 的 `finalResponse()` 会返回这个未完成的响应，其中 function_call 条目的参数是被截断的 `{arguments}`：执行所有 function_call 条目的 dispatcher 会执行一个模型没说完的调用。',
    },
    ARGUMENTS_DISAGREE: {
      en: 'The SDK silently takes the last text it was given (`.done`, then the completed response): a dispatcher that trusted it would have run the tool with arguments the fragments never said.',
      zh: 'SDK 会默默采用最后收到的文本（`.done`，然后是完成的响应）：信任它的 dispatcher 会带着片段从未给出的参数执行工具。',
    },
  },
  anthropic: {
    STREAM_ORDER: {
      en: 'The SDK’s MessageStream ignores a delta for a block that is not open and silently drops an input_json_delta into a non-tool_use block: the tool would have run with arguments missing a fragment.',
      zh: 'SDK 的 MessageStream 会忽略未打开块的 delta，并默默丢弃发往非 tool_use 块的 input_json_delta：工具会带着少了一个片段的参数执行。',
    },
    STREAM_UNTERMINATED: {
      en: 'The SDK’s `input` is a lenient partial parse of whatever has arrived: a dispatcher that trusted it would have run the tool with arguments cut wherever the connection dropped (`{arguments}`).',
      zh: 'SDK 的 `input` 是对已到达内容的宽松部分解析：信任它的 dispatcher 会带着在断线处被截断的参数（`{arguments}`）执行工具。',
    },
    NOT_A_TOOL_TURN: {
      en: 'The SDK’s helper turns the cut-off arguments `{arguments}` into `{}`: a dispatcher that trusted it would have run the tool with no arguments.',
      zh: 'SDK 的辅助函数会把被截断的参数 `{arguments}` 变成 `{}`：信任它的 dispatcher 会在没有任何参数的情况下执行工具。',
    },
  },
  gemini: {
    STREAM_ORDER: {
      en: 'The SDK has no accumulator, and ADK’s fallback attaches a stray fragment to the last part (google/adk #6832): the fragment would have joined another call’s arguments.',
      zh: 'SDK 没有累加器，而 ADK 的兜底逻辑会把无主片段接到最后一个部分上（google/adk #6832）：这个片段会混进另一个调用的参数。',
    },
    STREAM_ERROR: {
      en: 'The SDK yields the error event instead of throwing: a loop that only looked for function_call steps would never have noticed, and would have run the calls it had.',
      zh: 'SDK 把 error 事件当作普通事件产出而不抛异常：只关心 function_call 步骤的循环根本不会察觉，并会执行已拿到的调用。',
    },
    NOT_A_TOOL_TURN: {
      en: 'The SDK hands over the steps as they came: a dispatcher that ran each function_call step without checking for `requires_action` would have run a call cut off at `{arguments}`.',
      zh: 'SDK 原样交出各个步骤：不检查 `requires_action` 就执行每个 function_call 步骤的 dispatcher，会执行一个在 `{arguments}` 处被截断的调用。',
    },
  },
};

/**
 * An OpenAI stream that does not begin with `response.created` (one resumed
 * with `starting_after`, SPEC 8.5): there the SDK refuses too, so the story
 * of its leniency about misplaced fragments would not be true.
 */
const OPENAI_FIRST_EVENT: Bilingual = {
  en: 'The SDK’s ResponseStream refuses this stream too (it throws: it expected `response.created`); a dispatcher that read the events itself and took them as they came would have acted on a turn whose beginning it never saw.',
  zh: 'SDK 的 ResponseStream 同样拒绝这个流（它会抛出异常：期待的是 `response.created`）；自己读取事件、来什么就接受什么的 dispatcher，会根据一个没看到开头的回合去行动。',
};

/**
 * What would have gone wrong without the rule, for this provider, with the
 * cut-off arguments text put in where the story shows it. The problem's
 * params pick a story where one code has causes the SDKs treat differently.
 */
export function withoutTheRule(provider: ProviderName, code: TurnProblemCode, argumentsText: string, params?: TurnProblemParams): Bilingual {
  if (provider === 'openai' && code === 'STREAM_ORDER' && params?.kind === 'first_event') return OPENAI_FIRST_EVENT;
  const specific = BY_PROVIDER[provider][code];
  // Before any call has arguments (a stream cut at its first event) a story that quotes them would quote nothing.
  const t = specific !== undefined && !(argumentsText === '' && specific.en.includes('{arguments}')) ? specific : GENERIC[code];
  const fill = (s: string): string => s.replaceAll('{arguments}', argumentsText);
  return { en: fill(t.en), zh: fill(t.zh) };
}
