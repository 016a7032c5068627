/**
 * Why each stream problem (docs/turn-contract.md#stream-problems) stops the turn, both languages side by side:
 * the rule, and what would have gone wrong without it (./problemStories.ts
 * picks the story). The "without" texts name the official SDKs' own
 * leniencies (test/sdkCrossCheck.test.ts pins each; docs/turn-contract.md#stream-problems), the helpers a
 * dispatcher might have trusted instead. A story that quotes the call's
 * cut-off arguments is a function of them.
 */
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { TurnProblemCode } from '#lib/core/turn/index.ts';
import { defineTexts } from '../../texts.ts';

/** A "without" story: plain words, or words that quote the arguments text. */
export type Story = string | ((args: string) => string);

export const PROBLEM_TEXT = defineTexts({
  en: {
    /** The rule each code enforces (docs/turn-contract.md#stream-problems). */
    rule: {
      STREAM_ORDER:
        'Every event must come in the provider’s order: the right first event, fragments only for a call that is open, an index opened once, nothing after the terminal event.',
      STREAM_UNTERMINATED: 'A turn counts only once the provider’s terminal event has arrived.',
      STREAM_ERROR: 'An error event, or an end in failure or cancellation, abandons the whole turn.',
      NOT_A_TOOL_TURN:
        'Calls run only when the turn ends by asking for tools; any other end (the output budget, a refusal, end of turn) means the model did not finish asking.',
      ARGUMENTS_DISAGREE:
        'OpenAI sends the arguments more than once (fragments, `.done`, the done item, the completed response): all of them must say the same.',
      DUPLICATE_CALL_ID: 'Results are paired with calls by id: two calls of one turn may not share one.',
      UNSUPPORTED_CALL:
        'The registry holds function tools only: an item the client must run that is not a function call (a shell command, a patch, a computer action) runs nowhere, and the turn cannot continue without its answer.',
    } satisfies Record<TurnProblemCode, string>,
    /** What would have gone wrong without the rule, when no provider-specific story is told. */
    generic: {
      STREAM_ORDER:
        'A dispatcher that attached each fragment to “the last call” would have run a tool with arguments pieced together from another call.',
      STREAM_UNTERMINATED:
        'A dispatcher that ran what it had when the connection dropped would have run calls the model never finished asking for.',
      STREAM_ERROR:
        'A dispatcher that ran the calls collected before the error would have acted on a turn the provider itself abandoned.',
      NOT_A_TOOL_TURN: (args: string) =>
        `A dispatcher that ran every call it found would have run one whose arguments were cut off at \`${args}\`.`,
      ARGUMENTS_DISAGREE: 'A dispatcher would have run one version of the arguments while its log showed another.',
      DUPLICATE_CALL_ID:
        'With two calls under one id, a result could be handed to the wrong call, and the model could not tell which result answers which.',
      UNSUPPORTED_CALL:
        'A dispatcher that answered only the function calls would have sent a next request leaving the item unanswered, which the API refuses, or replayed it with no output as if it had run.',
    } satisfies Record<TurnProblemCode, Story>,
    /** Where an official SDK helper is more lenient than this contract, what trusting it would have done. */
    byProvider: {
      openai: {
        STREAM_ORDER:
          'The SDK’s ResponseStream checks neither the sequence numbers nor that a delta’s item_id is the item at its output_index: the fragment would have been added to another call’s arguments, and that call would have run with them.',
        STREAM_UNTERMINATED:
          'The SDK’s `finalResponse()` still resolves, with status `in_progress`: a dispatcher that trusted it would have run the calls of a stream that was cut.',
        NOT_A_TOOL_TURN: (args: string) =>
          `The SDK’s \`finalResponse()\` resolves with the incomplete response, whose function_call item holds the cut-off text \`${args}\`: a dispatcher that ran every function_call item would have run a call the model never finished.`,
        ARGUMENTS_DISAGREE:
          'The SDK silently takes the last text it was given (`.done`, then the completed response): a dispatcher that trusted it would have run the tool with arguments the fragments never said.',
      },
      anthropic: {
        STREAM_ORDER:
          'The SDK’s MessageStream ignores a delta for a block that is not open and silently drops an input_json_delta into a non-tool_use block: the tool would have run with arguments missing a fragment.',
        STREAM_UNTERMINATED: (args: string) =>
          `The SDK’s \`input\` is a lenient partial parse of whatever has arrived: a dispatcher that trusted it would have run the tool with arguments cut wherever the connection dropped (\`${args}\`).`,
        NOT_A_TOOL_TURN: (args: string) =>
          `The SDK’s helper turns the cut-off arguments \`${args}\` into \`{}\`: a dispatcher that trusted it would have run the tool with no arguments.`,
      },
      gemini: {
        STREAM_ORDER:
          'The SDK has no accumulator, and ADK’s fallback attaches a stray fragment to the last part (google/adk #6832): the fragment would have joined another call’s arguments.',
        STREAM_ERROR:
          'The SDK yields the error event instead of throwing: a loop that only looked for function_call steps would never have noticed, and would have run the calls it had.',
        NOT_A_TOOL_TURN: (args: string) =>
          `The SDK hands over the steps as they came: a dispatcher that ran each function_call step without checking for \`requires_action\` would have run a call cut off at \`${args}\`.`,
      },
    } satisfies Record<ProviderName, Partial<Record<TurnProblemCode, Story>>>,
    /**
     * An OpenAI stream that does not begin with `response.created` (one resumed
     * with `starting_after`, docs/turn-contract.md#what-providers-really-send): there the SDK refuses too, so the story
     * of its leniency about misplaced fragments would not be true.
     */
    openaiFirstEvent:
      'The SDK’s ResponseStream refuses this stream too (it throws: it expected `response.created`); a dispatcher that read the events itself and took them as they came would have acted on a turn whose beginning it never saw.',
  },
  zh: {
    rule: {
      STREAM_ORDER:
        '每个事件都必须符合 provider 的顺序：正确的第一个事件、片段只能属于已打开的调用、每个索引只打开一次、终止事件之后不能再有事件。',
      STREAM_UNTERMINATED: '只有收到 provider 的终止事件，这个回合才算数。',
      STREAM_ERROR: 'error 事件，或以失败、取消结束，都意味着整个回合作废。',
      NOT_A_TOOL_TURN:
        '只有回合以“请求工具”结束时调用才会执行；其他结束方式（输出预算耗尽、拒绝、正常结束）说明模型并没有完成请求。',
      ARGUMENTS_DISAGREE: 'OpenAI 会多次发送参数（片段、`.done`、完成的条目、完成的响应）：它们必须完全一致。',
      DUPLICATE_CALL_ID: '结果按 id 与调用配对：同一回合的两个调用不能共用一个 id。',
      UNSUPPORTED_CALL:
        '注册表只登记函数工具：客户端必须执行、却不是函数调用的条目（shell 命令、补丁、电脑操作）在这里不会执行，没有它的回答，这个回合也无法继续。',
    },
    generic: {
      STREAM_ORDER: '如果 dispatcher 把每个片段都接到“最后一个调用”上，工具就会带着拼接自另一个调用的参数执行。',
      STREAM_UNTERMINATED: '如果 dispatcher 在连接中断时就执行手头的调用，就会执行模型尚未完成请求的调用。',
      STREAM_ERROR: '如果 dispatcher 执行了错误之前收集到的调用，就是在执行一个 provider 自己已放弃的回合。',
      NOT_A_TOOL_TURN: (args: string) =>
        `如果 dispatcher 执行它找到的每个调用，就会执行一个参数在 \`${args}\` 处被截断的调用。`,
      ARGUMENTS_DISAGREE: 'dispatcher 会按一个版本的参数执行，而日志里记录的却是另一个版本。',
      DUPLICATE_CALL_ID: '两个调用共用一个 id 时，结果可能交给错误的调用，模型也无法分辨哪个结果对应哪个调用。',
      UNSUPPORTED_CALL:
        '如果 dispatcher 只回答函数调用，下一次请求就会留下这个条目没有回答（API 会拒绝），或者把它原样回放、好像它已经执行过一样。',
    },
    byProvider: {
      openai: {
        STREAM_ORDER:
          'SDK 的 ResponseStream 既不检查 sequence_number，也不检查 delta 的 item_id 是否就是该 output_index 上的条目：这个片段会被拼进另一个调用的参数，那个调用就会带着它执行。',
        STREAM_UNTERMINATED:
          'SDK 的 `finalResponse()` 仍然会返回（状态为 `in_progress`）：信任它的 dispatcher 会执行一个被截断的流中的调用。',
        NOT_A_TOOL_TURN: (args: string) =>
          `SDK 的 \`finalResponse()\` 会返回这个未完成的响应，其中 function_call 条目的参数是被截断的 \`${args}\`：执行所有 function_call 条目的 dispatcher 会执行一个模型没说完的调用。`,
        ARGUMENTS_DISAGREE:
          'SDK 会默默采用最后收到的文本（`.done`，然后是完成的响应）：信任它的 dispatcher 会带着片段从未给出的参数执行工具。',
      },
      anthropic: {
        STREAM_ORDER:
          'SDK 的 MessageStream 会忽略未打开块的 delta，并默默丢弃发往非 tool_use 块的 input_json_delta：工具会带着少了一个片段的参数执行。',
        STREAM_UNTERMINATED: (args: string) =>
          `SDK 的 \`input\` 是对已到达内容的宽松部分解析：信任它的 dispatcher 会带着在断线处被截断的参数（\`${args}\`）执行工具。`,
        NOT_A_TOOL_TURN: (args: string) =>
          `SDK 的辅助函数会把被截断的参数 \`${args}\` 变成 \`{}\`：信任它的 dispatcher 会在没有任何参数的情况下执行工具。`,
      },
      gemini: {
        STREAM_ORDER:
          'SDK 没有累加器，而 ADK 的兜底逻辑会把无主片段接到最后一个部分上（google/adk #6832）：这个片段会混进另一个调用的参数。',
        STREAM_ERROR:
          'SDK 把 error 事件当作普通事件产出而不抛异常：只关心 function_call 步骤的循环根本不会察觉，并会执行已拿到的调用。',
        NOT_A_TOOL_TURN: (args: string) =>
          `SDK 原样交出各个步骤：不检查 \`requires_action\` 就执行每个 function_call 步骤的 dispatcher，会执行一个在 \`${args}\` 处被截断的调用。`,
      },
    },
    openaiFirstEvent:
      'SDK 的 ResponseStream 同样拒绝这个流（它会抛出异常：期待的是 `response.created`）；自己读取事件、来什么就接受什么的 dispatcher，会根据一个没看到开头的回合去行动。',
  },
});
