/**
 * What the turn core says (turnParams.ts: each problem, note and refusal) in
 * the learner's language, rendered from its typed data, never from its
 * English sentence. English is the core's own describer, so both languages
 * say the same thing. Chinese uses the terms the rest of the app and the
 * chapter use (provider, handler 输出, dispatcher stay in English; 回合 for a
 * turn). Identifiers stay code segments in both.
 * Every kind has a Chinese text, or this does not compile.
 */
import {
  codeSegment as c,
  describeTurn,
  literalSegment as lit,
  type ArgumentsSource,
  type JsonDataFault,
  type PairingCode,
  type Segment,
  type TurnEnd,
  type TurnWordsParams,
} from '../../core/turn/index.ts';
import type { Lang } from '../../lang.ts';

const list = (items: readonly string[]): Segment[] => items.flatMap((x, i) => (i === 0 ? [c(x)] : ['、', c(x)]));

function endZh(end: TurnEnd): Segment[] {
  const out: Segment[] = [c(end.type)];
  if (end.status !== null) out.push('（', c(end.status), ...(end.reason === null ? [] : ['，', c(end.reason)]), '）');
  return out;
}

const SOURCE_ZH: Readonly<Record<ArgumentsSource, string>> = Object.freeze({
  arguments_done: '.done 事件',
  done_item: '完成的条目',
  completed_response: '完成的响应中的条目',
  opening_item: '打开时的条目',
});

const FAULT_ZH: Readonly<Record<JsonDataFault, string>> = Object.freeze({
  non_finite_number: '非有限数字',
  too_deep: '嵌套超过 64 层（或有循环引用）',
  not_plain_object: '不是普通对象的对象',
  function: '函数',
  bigint: 'bigint',
  symbol: 'symbol',
  undefined: 'undefined',
});

const FOUND_ZH = Object.freeze({
  null: 'null',
  array: '数组',
  string: '字符串',
  number: '数字',
  boolean: '布尔值',
  other: '非对象的值',
});

const PAIRING_ZH: Readonly<Record<PairingCode, string>> = Object.freeze({
  MISSING_RESULT: '这个调用没有结果',
  DUPLICATE_CALL_ID: '两个调用共用一个 id',
  DUPLICATE_RESULT: '一个调用有两个结果',
  UNKNOWN_CALL_ID: '这个结果对应的调用不在本回合中',
  PROVIDER_MISMATCH: '这个结果绑定到了另一个 provider',
  TOOL_MISMATCH: '这个结果属于另一个工具',
  MALFORMED_CALL: '调用没有调用 id',
});

/** The Chinese sentence, in segments. */
export function describeTurnZh(p: TurnWordsParams): Segment[] {
  switch (p.kind) {
    case 'not_an_event':
      return [`这个事件是${FOUND_ZH[p.found]}，不是事件对象`];
    case 'not_json_data':
      return [`这个事件不是 JSON 数据：${FAULT_ZH[p.fault]}`];
    case 'no_type':
      return ['这个事件没有字符串类型的 ', c(p.member), ' 成员'];
    case 'sse_name':
      return ['SSE 事件名 ', lit(p.sse_event), ' 与事件自身的类型 ', lit(p.type), ' 不一致'];
    case 'after_terminal':
      return [c(p.type), ` 出现在终止事件（第 ${p.terminal_at} 个）之后：终止事件之后不能再有事件`];
    case 'first_event':
      return ['第一个事件是 ', c(p.type), '；它必须是 ', c(p.expected)];
    case 'only_first':
      return [
        c(p.type),
        ' 只能作为流的第一个事件',
        ...(p.type === 'interaction.created' ? ['，或紧跟在 ', c('requires_continuation'), ' 之后'] : []),
      ];
    case 'no_id':
      return [c(p.type), ' 没有带上它的 id'];
    case 'malformed':
      return [c(p.type), ' 缺少 ', ...list(p.members)];
    case 'opened_twice':
      return [c(p.type), ` 第二次打开索引 ${p.index}`];
    case 'not_open':
      return [c(p.type), ' 指向索引 ', c(p.index), '，那里没有打开的内容'];
    case 'item_mismatch':
      return [c(p.type), ' 指名条目 ', lit(p.item_id), `，但 output_index ${p.index} 上的条目是 `, lit(p.expected)];
    case 'arguments_closed':
      return [c(p.type), ' 指向条目 ', lit(p.item_id), '，它的参数已经结束'];
    case 'call_without_id':
      return [`索引 ${p.index} 上的 `, c(p.item_type), ' 没有字符串形式的 id 和名称'];
    case 'two_sources':
      return ['调用 ', lit(p.call_id), ' 打开时已带参数，又收到了参数片段'];
    case 'delta_kind':
      return [c(p.delta), ' 被送进了索引 ', c(p.index), ' 上的 ', c(p.block)];
    case 'fragment_type':
      return [c(p.type), ' 没有给调用 ', lit(p.call_id), ' 一个字符串片段'];
    case 'done_not_added':
      return [`output_index ${p.index} 上的 `, c('response.output_item.done'), ' 不是当初在那里添加的条目'];
    case 'after_message_delta':
      return [c('message_delta'), ' 之后又出现 ', c('content_block_start'), '：消息已经在结束'];
    case 'open_at_end':
      return [...endZh(p.end), ' 请求工具时，', lit(p.id), ' 仍未关闭'];
    case 'block_open_at_end':
      return [c('stop_reason'), ' ', c(p.stop_reason), ` 到达时，索引 ${p.index} 上的 `, c(p.block), ' 块仍未关闭'];
    case 'open_across_hop':
      return ['调用 ', lit(p.call_id), ' 跨过了一次 ', c('requires_continuation'), ' 仍未关闭'];
    case 'other_interaction':
      return ['在交互 ', lit(p.response_id), ' 中收到了属于 ', lit(p.id), ' 的 ', c('interaction.completed')];
    case 'after_continuation':
      return [
        c('requires_continuation'),
        ' 之后出现 ',
        c(p.type),
        '；下一段必须以 ',
        c('interaction.created'),
        ' 开始',
      ];
    case 'below_message_start':
      return [
        c('content_block_start'),
        ` 使用索引 ${p.index}，但 `,
        c('message_start'),
        ` 已经给出了 ${p.given} 个块（索引 0 到 ${p.given - 1}）`,
      ];
    case 'sequence':
      return [
        c(p.type),
        ' 的 ',
        c('sequence_number'),
        ' 是 ',
        lit(p.value),
        ...(p.previous === null ? [] : [`，前一个是 ${p.previous}`]),
        '：每个都必须是前一个加一',
      ];
    case 'sequence_mixed':
      return [
        c(p.type),
        p.carried ? ' 带有 ' : ' 没有 ',
        c('sequence_number'),
        p.carried ? '，但之前的事件都没有' : '，但之前的事件都有',
      ];
    case 'tools_without_call':
      return [...endZh(p.end), ' 请求工具，但这个回合没有任何调用'];
    case 'unterminated':
      return [`流在 ${p.events} 个事件之后结束，没有收到 provider 的终止事件`];
    case 'failed':
      return [
        '流以失败结束：',
        ...endZh(p.end),
        ...(p.code === null ? [] : ['，错误码 ', c(p.code)]),
        ...(p.message === null ? [] : ['，', lit(p.message)]),
      ];
    case 'not_a_tool_turn':
      return [`有 ${p.calls} 个调用，但回合以 `, ...endZh(p.end), ' 结束，这不是请求工具的结束方式'];
    case 'arguments_disagree':
      return [
        '调用 ',
        lit(p.call_id),
        `：${SOURCE_ZH[p.source]}给出 `,
        lit(p.says),
        p.fragments ? '，片段拼出的是 ' : '，此前得到的是 ',
        lit(p.text),
      ];
    case 'name_disagree':
      return ['调用 ', lit(p.call_id), '：.done 事件给出的名称是 ', lit(p.done), '，条目上的是 ', lit(p.item)];
    case 'call_id_disagree':
      return [`output_index ${p.index} 上完成的条目的 call_id 是 `, lit(p.found), '，而不是 ', lit(p.expected)];
    case 'unopened_call':
      return ['完成的响应里有一个流中从未打开的调用 ', lit(p.call_id)];
    case 'duplicate_call_id':
      return ['本回合的两个调用共用 id ', lit(p.call_id)];
    case 'unsupported_call':
      return [
        `output_index ${p.index} 上的 `,
        c(p.item_type),
        ' 条目要求客户端执行一个不是函数调用的东西：注册表只登记函数工具',
      ];
    case 'unknown_event':
      return ['组装器不读取的事件类型：', c(p.type)];
    case 'unknown_member':
      return [c(p.type), ' 上有未见于文档的成员 ', c(p.member)];
    case 'tolerated_event':
      return [c(p.type), ' 事件，已容忍'];
    case 'unknown_delta':
      return ['组装器不读取的增量类型：', c(p.delta)];
    case 'no_sequence_numbers':
      return ['没有任何事件带 ', c('sequence_number'), '（较早的 API 版本或兼容服务器）：顺序就是流中的顺序'];
    case 'handler_output_unused':
      return ['给 ', lit(p.call_id), ' 的 handler 输出对应的调用不在这个流中：已忽略'];
    case 'other_provider':
      return ['这个回合是按 ', c(p.assembled), ' 组装的，不是 ', c(p.asked)];
    case 'turn_problems':
      return ['这个回合有问题（', ...list(p.codes), '）：任何结果都不能送回'];
    case 'ended_without_calls':
      return ['回合以 ', ...endZh(p.end), ' 结束，没有请求任何工具：没有可以继续的内容'];
    case 'no_tool_request':
      return ['回合没有以请求工具结束', ...(p.end === null ? [] : ['：', ...endZh(p.end)])];
    case 'unknown_mode':
      return ['未知的模式 ', lit(p.mode)];
    case 'history_not_list':
      return [c('history'), ' 必须是第一次请求发送的列表'];
    case 'stateless_only':
      return ['Anthropic Messages API 不保存状态：每次请求都要带上完整对话（请用 ', c('stateless'), '）'];
    case 'no_stored_interaction':
      return [
        '这个交互的 id 为空（',
        c('store: false'),
        '）：provider 没有保存任何可以接续的内容（请用 ',
        c('stateless'),
        '）',
      ];
    case 'other_response':
      return [lit(p.call_id), ' 的结果绑定到响应 ', lit(p.bound), '，而不是本回合的 ', lit(p.expected)];
    case 'pairing':
      return p.problems.flatMap((x, i): Segment[] => [
        ...(i === 0 ? [] : ['；']),
        c(x.code),
        ' ',
        lit(x.call_id),
        `：${PAIRING_ZH[x.code]}`,
      ]);
    case 'text_before_result':
      return [c('tool_result'), ' 之前有文本块：API 会拒绝'];
    case 'result_invalid':
      return [lit(p.call_id), ' 的结果在序列化之前没有通过校验：', ...list(p.codes)];
    case 'internal':
      return ['无法构建下一次请求：', lit(p.message)];
  }
}

/** The sentence in the learner's language. */
export const describeTurnIn = (lang: Lang, p: TurnWordsParams): Segment[] =>
  lang === 'zh' ? describeTurnZh(p) : describeTurn(p);
