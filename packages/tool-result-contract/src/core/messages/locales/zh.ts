/**
 * The library's messages in Chinese, rendered from the same typed params as
 * the English ones (en.ts, beside it; the shape and rules: ../locale.ts),
 * never from the English sentence: no English sentence outside code and JSON.
 * The terms are the app's and the chapter's (provider, handler 输出 and
 * dispatcher stay in English; 回合 for a turn); identifiers stay code
 * segments. A page loads this module when the learner reads Chinese.
 */
import type { MessageLocale } from '../locale.ts';
import { describeParseZh } from './zhParse.ts';
import {
  codeSegment as c,
  literalSegment as lit,
  type ArgumentsSource,
  type JsonDataFault,
  type PairingCode,
  type Segment,
  type TurnEnd,
  type TurnWordsParams,
} from '../turnParams.ts';
import type {
  Constraint,
  DigestName,
  McpDefinitionState,
  Rule,
  SchemaIssue,
  ValueSource,
  ViolationParams,
} from '../violationParams.ts';

const RULE_ZH: Readonly<Record<Rule, string>> = Object.freeze({
  package_is_object: '一个结果包必须是对象 {model_result, protected_audit}',
  package_members: '结果包只含 model_result 和 protected_audit 两个成员',
  model_result_is_object: 'model_result 必须是对象',
  audit_is_object: 'protected_audit 必须是对象',
  handler_output_is_object: 'handler 输出必须是带 "kind" 成员的 JSON 对象',
  succeeded_iff_error_null: 'succeeded ⇔ error 为 null ⇔ data 不为 null',
  succeeded_is_committed: '成功的调用其 outcome 必须是 committed',
  outcome_from_catalog: 'execution.outcome 必须等于该错误在目录中的 outcome',
  status_follows_outcome: 'status 由 outcome 决定：not_started 对应 failed，unknown 对应 unknown',
  truncated_not_complete: 'truncated 为真时 complete 必须为 false',
  succeeded_untruncated_complete: '成功且未截断的结果必须 complete 为 true',
  unsucceeded_not_complete: '未成功的结果既不 complete 也不 truncated',
  data_is_untrusted: '业务数据一律是 untrusted_data，无论来源',
  dispatcher_result_is_trusted_control: 'dispatcher 自己生成的结果是 trusted_control',
  resource_revision_format: '必须是 1–64 个 [A-Za-z0-9._:-] 字符',
  only_invalid_arguments: '可信参数不符合输入模式：结果只能是 INVALID_ARGUMENTS',
  only_unknown_tool: '未注册工具的结果只能是 UNKNOWN_TOOL',
  no_contract_for_tool: '这个工具没有注册输出合同',
  contract_error_needs_reasons: 'OUTPUT_CONTRACT_VIOLATION 必须附上导致它的违规列表',
  reasons_only_for_contract_error: '记录了违规，但 model_result 不是 OUTPUT_CONTRACT_VIOLATION',
  replay_needs_success: 'local_replay 或 receipt_reconciled 的结果必须是已提交的成功：只有成功才会被重放或对账',
  reconciled_needs_receipt: 'receipt_reconciled 的成功必须带 downstream.receipt_ref，即状态查询找到的回执',
  mcp_structured_content_required: '有精确合同的工具，成功的 CallToolResult 必须带 structuredContent',
  mcp_text_is_structured_content: '是 JSON 的文本块必须与 structuredContent 规范化后相等：服务器说了两套不同的内容',
  jsonrpc_response: 'JSON-RPC 响应必须有 jsonrpc "2.0"、一个 id，且 result 与 error 恰好有一个',
});

const MCP_STATE_ZH: Readonly<Record<McpDefinitionState, string>> = Object.freeze({
  changed: '服务器列出的定义与登记的 pin 不符',
  not_listed: '服务器没有列出它',
  no_pin: '它的工具定义里没有 mcp pin',
});

const SOURCE_ZH: Readonly<Record<ValueSource, string>> = Object.freeze({
  registry: '注册表',
  catalog: '错误目录',
  trusted_context: '可信上下文',
  dispatcher: 'dispatcher',
});

const DIGEST_ZH: Readonly<Record<DigestName, string>> = Object.freeze({
  request_sha256: '与由可信主体、工具、参数和各修订号重算的摘要不符',
  result_sha256: '与本包中 model_result 的摘要不符',
  call_binding_sha256: '与可信的提供方、响应、调用、操作、幂等键、适配器和工具合同不符',
});

const q = (v: unknown): string => `「${typeof v === 'string' ? v : JSON.stringify(v)}」`;

/** How many members each constraint has, its name included. */
const FIELDS: Readonly<Record<Constraint['constraint'], number>> = Object.freeze({
  code_points: 3,
  https_on_host: 2,
  rfc3339_utc: 1,
  well_formed: 1,
  no_control_characters: 1,
  json_data: 1,
  base64: 1,
  json_text_max: 2,
});

/** A refinement's specifics (violationParams.ts `Constraint`), in Chinese. */
function constraintZh(c: Constraint): string {
  // The params are a schema's own: a name this locale does not know, or one without its fields, is said as a failed
  // check, never as "undefined".
  const fields = Object.values(c);
  if (!Object.hasOwn(FIELDS, c.constraint) || fields.length < FIELDS[c.constraint]) return '不符合约束';
  if (fields.some((v) => typeof v !== 'string' && typeof v !== 'number')) return '不符合约束';
  switch (c.constraint) {
    case 'code_points':
      return `长度必须是 ${c.min}–${c.max} 个字符（按 Unicode 码点计）`;
    case 'https_on_host':
      return `必须是主机为 ${c.host} 的 https 链接`;
    case 'rfc3339_utc':
      return '必须是以 Z 结尾的 UTC RFC 3339 时间，例如 2026-07-19T00:00:00Z';
    case 'well_formed':
      return '不能含有孤立的代理项（它没有 UTF-8 编码）';
    case 'no_control_characters':
      return '标识符里不能有控制字符';
    case 'json_data':
      return '必须是纯 JSON 数据';
    case 'base64':
      return '必须是 base64（RFC 4648，带填充，无空白）';
    case 'json_text_max':
      return `写成 JSON 后至多 ${c.max} 个字符`;
  }
}

/** zod's issue codes, in Chinese: the input is never quoted, only what was expected of it. */
function schemaZh(i: SchemaIssue): string {
  const unit = i.origin === 'string' ? ' 个字符' : i.origin === 'array' || i.origin === 'set' ? ' 项' : '';
  switch (i.code) {
    case 'invalid_type':
      return i.expected === undefined ? '类型不对' : `类型不对：应为 ${i.expected}`;
    case 'too_small':
      return `${i.origin === 'string' ? '太短' : i.origin === 'array' ? '太少' : '太小'}：至少 ${String(i.minimum ?? '')}${unit}`;
    case 'too_big':
      return `${i.origin === 'string' ? '太长' : i.origin === 'array' ? '太多' : '太大'}：至多 ${String(i.maximum ?? '')}${unit}`;
    case 'invalid_format':
      if (i.format === 'regex' && i.pattern !== undefined) return `格式不对：必须匹配 ${i.pattern}`;
      return i.format === undefined || i.format === 'regex'
        ? '格式不对：不符合规定的格式'
        : `格式不对：应为 ${i.format}`;
    case 'invalid_value':
      return i.values === undefined ? '取值不对' : `取值不对：只能是 ${i.values.map((v) => q(v)).join(' / ')}`;
    case 'invalid_union':
      return '不符合任何允许的形式';
    case 'custom':
      return i.constraint === undefined ? '不符合约束' : constraintZh(i.constraint);
    default:
      return '不符合约束';
  }
}

function violation(p: ViolationParams): string {
  switch (p.kind) {
    case 'rule':
      return RULE_ZH[p.rule];
    case 'schema':
      return schemaZh(p.issue);
    case 'unexpected_member':
      return `多出的成员 ${q(p.member)}：合同列出了所有允许的成员`;
    case 'denied_key':
      return `成员 ${q(p.key)} 在${p.list === 'credential' ? '凭据' : '控制'}禁用名单上`;
    case 'audit_material':
      return `含有审计材料（本次调用的审计值中的 ${p.length} 个字符）`;
    case 'audit_material_in_name':
      return '成员名里含有审计材料';
    case 'too_deep':
      return `嵌套超过 ${p.limit} 层`;
    case 'too_large':
      return p.size === null
        ? `规范化后的 model_result 即使删到无可再删也超过 ${p.limit} 字节`
        : `规范化后的 model_result 有 ${p.size} 字节，超过 ${p.limit}`;
    case 'too_many_items':
      return `${p.member} 有 ${p.count} 项，但 ${p.limitFrom} 是 ${p.limit}：多给是违约，不是截断的理由`;
    case 'echo_mismatch':
      return `${p.member} 必须等于输入的 ${p.input} ${q(p.expected)}`;
    case 'no_list':
      return `${p.tool} 不返回列表，不能被截断`;
    case 'expected_value':
      return `${p.field}：${SOURCE_ZH[p.source]}给出的是 ${q(p.expected)}`;
    case 'not_in_catalog':
      return `${q(p.code)} 不在错误目录中`;
    case 'dispatcher_only_code':
      return `${p.code} 只能由 dispatcher 给出，handler 不能使用`;
    case 'input_error_for_valid_call':
      return `${p.code} 不能用来回答一个参数有效的已注册工具调用`;
    case 'retry_after_range':
      return `${p.code} 要求 retry_after_ms 为 ${p.min} 到 ${p.max} 的整数`;
    case 'no_retry_after':
      return `${p.code} 不带 retry_after_ms：它的恢复方式是 ${p.recovery}`;
    case 'digest_mismatch':
      return p.recomputable ? DIGEST_ZH[p.digest] : 'model_result 无法规范化编码，任何摘要都对不上';
    case 'unregistered_adapter':
      return `${p.provider} / ${p.api_family} / ${p.adapter_revision} 不是已注册的适配器`;
    case 'not_json':
      return `不是纯 JSON 数据（${p.reason}）`;
    case 'context_invalid':
      return p.issue === undefined ? '可信上下文本身无效' : `可信上下文本身无效：${violation(p.issue)}`;
    case 'internal':
      return '校验中途停止（内部错误），按拒绝处理';
    case 'mcp_message_too_large':
      return `MCP 消息超过 ${p.limit} 字节（UTF-8），未做任何解析`;
    case 'mcp_not_json':
      return `MCP 消息不是严格 JSON（${p.reason}）`;
    case 'mcp_not_final':
      return `resultType 为 ${q(p.resultType)}，不是 "complete"：调用尚未结束`;
    case 'mcp_definition':
      return `${p.tool} 在重新登记 pin 之前不可调用：${MCP_STATE_ZH[p.state]}`;
  }
}

const list = (items: readonly string[]): Segment[] => items.flatMap((x, i) => (i === 0 ? [c(x)] : ['、', c(x)]));

function endZh(end: TurnEnd): Segment[] {
  const out: Segment[] = [c(end.type)];
  if (end.status !== null) out.push('（', c(end.status), ...(end.reason === null ? [] : ['，', c(end.reason)]), '）');
  return out;
}

const ARGUMENTS_SOURCE_ZH: Readonly<Record<ArgumentsSource, string>> = Object.freeze({
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

const FOUND_ZH: Readonly<Record<Extract<TurnWordsParams, { kind: 'not_an_event' }>['found'], string>> = Object.freeze({
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

function turn(p: TurnWordsParams): Segment[] {
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
        `：${ARGUMENTS_SOURCE_ZH[p.source]}给出 `,
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
    case 'no_context_entry':
      return ['调用 ', lit(p.call_id), ' 到达关卡，但回合上下文里没有它的条目'];
    case 'needs_response_ref':
      return ['调用 ', lit(p.call_id), '：提供方给出的响应 id 为空，所以回合上下文需要 ', c('response_ref')];
    case 'context_invalid':
      return [
        '调用 ',
        lit(p.call_id),
        ' 的可信上下文无效：',
        ...p.issues.flatMap((x, i): Segment[] => [
          ...(i === 0 ? [] : ['；']),
          c(x.path || '/'),
          ...(x.params === undefined ? [] : ['：', violation(x.params)]),
        ]),
      ];
    case 'problems_before_gate':
      return ['这个回合有问题（', ...list(p.codes), '）：没有调用到达关卡'];
    case 'no_handler_output':
      return ['调用 ', lit(p.call_id), '（', c(p.tool), '）需要一个 handler 输出，但没有'];
    case 'stream_text':
      return [`流文本在第 ${p.line} 行、第 ${p.column} 列无法读取：`, c(p.code)];
  }
}

/**
 * 中文: the Chinese words of every problem the library reports, the same shape as `en`.
 *
 * @example
 * ```ts
 * const sentences = validateResult(pkg, trusted, tools).violations.map((v) => zh.violation(v.params));
 * ```
 */
export const zh: MessageLocale = Object.freeze({ lang: 'zh', violation, turn, parse: describeParseZh });
