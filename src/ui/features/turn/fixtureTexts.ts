/**
 * The turn fixtures' titles and summaries in Chinese. The English ones are the
 * fixtures' own (`chapter/turns/*.json`, written by the fixture generator); a
 * test holds this table to the fixture list, so a new fixture without its
 * Chinese text fails.
 */

import type { Lang } from '../../../lang.ts';
import { type TurnFixture } from '../../../chapter/index.ts';

const ZH: Readonly<Record<string, { title: string; summary: string }>> = {
  'openai.one_call': {
    title: 'OpenAI：一个调用，参数分三段到达',
    summary:
      '先是一个 reasoning 条目，然后是 get_order，参数分三个 delta 到达（带混淆填充和一个 keepalive）；response.completed 请求执行工具。',
  },
  'openai.parallel_calls': {
    title: 'OpenAI：一个回合里两个调用',
    summary: '先是一个 message 条目，然后是 get_order 和 search_kb；每个结果按 call_id 与它的调用配对。',
  },
  'openai.truncated': {
    title: 'OpenAI：输出预算在参数中途耗尽',
    summary: 'get_order 仍未结束时来了 response.incomplete（max_output_tokens）：NOT_A_TOOL_TURN，什么都不执行。',
  },
  'openai.injection_follow_up': {
    title: 'OpenAI：注入搜索结果之后的那个回合',
    summary:
      '在 search_kb.injection 之后，模型请求调用 send_email。关卡返回 UNKNOWN_TOOL，不执行任何 handler，续写请求把这个错误带回给模型。',
  },
  'openai.invalid_arguments': {
    title: 'OpenAI：参数没有通过输入模式',
    summary: '流本身健康，但 get_order 的 order_ref 是数字：关卡返回 INVALID_ARGUMENTS，不执行 handler。',
  },
  'openai.stream_order': {
    title: 'OpenAI：delta 属于另一个条目',
    summary: '一个 delta 的 item_id 不是其 output_index 上的条目（SDK 默默接受）：STREAM_ORDER。',
  },
  'openai.stream_unterminated': {
    title: 'OpenAI：流在第二个 delta 后被截断',
    summary: '没有终止事件（SDK 仍会返回，状态 in_progress，参数被截断）：STREAM_UNTERMINATED。',
  },
  'openai.stream_error': {
    title: 'OpenAI：流中途出现 error 事件',
    summary: '调用尚未结束时来了 error 事件：STREAM_ERROR，什么都不执行。',
  },
  'openai.arguments_disagree': {
    title: 'OpenAI：.done 给出的参数与 delta 不同',
    summary: '.done 事件写的是 ORDER-8，而片段拼出的是 ORDER-7（SDK 让 .done 覆盖）：ARGUMENTS_DISAGREE。',
  },
  'openai.duplicate_call_id': {
    title: 'OpenAI：两个调用共用一个 call_id',
    summary: '两个 function_call 条目使用同一个 call_id：没有任何结果可以安全配对。DUPLICATE_CALL_ID。',
  },
  'anthropic.one_call': {
    title: 'Anthropic：一个调用，参数分三段到达',
    summary:
      '先是带签名的 thinking 块，然后是 get_order：一个空的 partial_json 开头、三个片段、中间夹着 ping；stop_reason 为 tool_use。',
  },
  'anthropic.parallel_calls': {
    title: 'Anthropic：一个回合里两个调用（带密钥）',
    summary:
      '一个文本块，然后是 get_order 和 search_kb；结果按 tool_use 的顺序排在最前面发回。设置了审计密钥：HMAC 绑定。',
  },
  'anthropic.truncated': {
    title: 'Anthropic：max_tokens 落在参数中途',
    summary:
      '在 {"order_ref":"ORD 之后 stop_reason 为 max_tokens（SDK 把它解析成 {}）：NOT_A_TOOL_TURN，什么都不执行。',
  },
  'anthropic.injection_follow_up': {
    title: 'Anthropic：注入搜索结果之后的那个回合',
    summary:
      '在 search_kb.injection 之后，模型请求调用 send_email。关卡返回 UNKNOWN_TOOL，不执行任何 handler，续写请求把这个错误带回给模型。',
  },
  'anthropic.invalid_arguments': {
    title: 'Anthropic：参数不是 JSON',
    summary: '流本身健康，但缓冲区以多余的逗号结尾：严格解析拒绝它，关卡返回 INVALID_ARGUMENTS，不执行 handler。',
  },
  'anthropic.stream_order': {
    title: 'Anthropic：input_json_delta 发进了文本块',
    summary: '参数被发进了文本块（SDK 默默丢弃）：STREAM_ORDER。',
  },
  'anthropic.stream_unterminated': {
    title: 'Anthropic：流在 message_stop 之前被截断',
    summary: 'message_delta（tool_use）到了，但 message_stop 始终没来：STREAM_UNTERMINATED。',
  },
  'anthropic.stream_error': {
    title: 'Anthropic：流中途出现 overloaded_error',
    summary: '调用尚未结束时来了 error 事件（SDK 抛出 APIError）：STREAM_ERROR。',
  },
  'anthropic.duplicate_call_id': {
    title: 'Anthropic：两个 tool_use 块共用一个 id',
    summary: '两个 tool_use 块使用同一个 id：DUPLICATE_CALL_ID。',
  },
  'gemini.one_call': {
    title: 'Gemini：一个调用，参数分三段到达',
    summary:
      '先是带签名的 thought 步骤和一次状态更新，然后是 get_order，带三个 arguments_delta 片段；interaction.completed 为 requires_action。',
  },
  'gemini.parallel_calls': {
    title: 'Gemini：一个回合里两个调用',
    summary: '一个 model_output 文本步骤，然后是 get_order 和 search_kb；每个 function_result 按 call_id 配对。',
  },
  'gemini.truncated': {
    title: 'Gemini：预算在参数中途耗尽',
    summary: 'get_order 仍未结束时来了状态为 incomplete 的 interaction.completed：NOT_A_TOOL_TURN，什么都不执行。',
  },
  'gemini.injection_follow_up': {
    title: 'Gemini：注入搜索结果之后的那个回合',
    summary:
      '在 search_kb.injection 之后，模型请求调用 send_email。关卡返回 UNKNOWN_TOOL，不执行任何 handler，续写请求把这个错误带回给模型。',
  },
  'gemini.invalid_arguments': {
    title: 'Gemini：参数是 JSON 但不是对象',
    summary: '片段拼出的是一个 JSON 数组：关卡返回 INVALID_ARGUMENTS，不执行 handler。',
  },
  'gemini.stream_order': {
    title: 'Gemini：从未开始的步骤收到了 delta',
    summary: '索引 2 收到 arguments_delta，但之前没有见到对应的 step.start：STREAM_ORDER。',
  },
  'gemini.stream_unterminated': {
    title: 'Gemini：流结束时没有 interaction.completed',
    summary: '调用结束了，但交互始终没有完成：STREAM_UNTERMINATED。',
  },
  'gemini.stream_error': {
    title: 'Gemini：流中途出现 error 事件',
    summary: '调用尚未结束时来了 error 事件（SDK 把它当普通事件产出，不抛异常）：STREAM_ERROR。',
  },
  'gemini.duplicate_call_id': {
    title: 'Gemini：两个 function_call 步骤共用一个 id',
    summary: '两个步骤使用同一个 id：DUPLICATE_CALL_ID。',
  },
};

/** Ids that have a Chinese text (for the test that holds the table to the fixtures). */
export const FIXTURES_WITH_CHINESE: readonly string[] = Object.keys(ZH);

export function fixtureText(f: TurnFixture, lang: Lang): { title: string; summary: string } {
  const zh = ZH[f.id];
  return lang === 'zh' && zh !== undefined ? zh : { title: f.title, summary: f.summary };
}
