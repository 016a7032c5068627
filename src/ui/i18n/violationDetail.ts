/**
 * A violation's specifics in the learner's language, rendered from the typed
 * data the core attaches (violationParams.ts), never from its English
 * sentence: the Chinese UI shows no English sentence outside code and JSON.
 * English is the core's own sentence, so both languages say the same thing.
 * Every kind and every rule has a Chinese text, or this does not compile.
 */
import {
  describeParams,
  type Rule,
  type SchemaIssue,
  type ValueSource,
  type ViolationParams,
} from '../../core/tables/index.ts';
import type { Lang } from '../../lang.ts';

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

const MCP_STATE_ZH = Object.freeze({
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

const DIGEST_ZH = Object.freeze({
  request_sha256: '与由可信主体、工具、参数和各修订号重算的摘要不符',
  result_sha256: '与本包中 model_result 的摘要不符',
  call_binding_sha256: '与可信的提供方、响应、调用、操作、幂等键、适配器和工具合同不符',
});

const q = (v: unknown): string => `「${typeof v === 'string' ? v : JSON.stringify(v)}」`;

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
      return i.format === undefined || i.format === 'regex'
        ? '格式不对：不符合规定的格式'
        : `格式不对：应为 ${i.format}`;
    case 'invalid_value':
      return i.values === undefined ? '取值不对' : `取值不对：只能是 ${i.values.map((v) => q(v)).join(' / ')}`;
    case 'invalid_union':
      return '不符合任何允许的形式';
    default:
      return '不符合约束';
  }
}

function zh(p: ViolationParams): string {
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
      return '可信上下文本身无效';
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

/** The specifics of one violation, in the learner's language. */
export function violationDetail(p: ViolationParams, lang: Lang): string {
  return lang === 'zh' ? zh(p) : describeParams(p);
}
