/**
 * What each violation code means to a learner, in both languages: the rule,
 * and the attack or mistake it stops. The core reports codes; only the UI
 * turns them into prose (zod's "messages at the edge").
 */
import type { ViolationCode } from '#lib/core/tables/index.ts';
import { defineTexts } from '../../texts.ts';

export interface ViolationText {
  rule: string;
  why: string;
}

/** Each violation code's rule and reason, in the learner's language: `VIOLATION_TEXTS[lang][code]`. */
export const VIOLATION_TEXTS = defineTexts<Readonly<Record<ViolationCode, ViolationText>>>({
  en: {
    RESULT_SCHEMA: {
      rule: 'The result envelope has exactly the contract’s members and types.',
      why: 'A member the contract does not name (say a copied principal_ref) could carry anything to the model.',
    },
    DATA_SCHEMA: {
      rule: 'data matches this tool’s exact output contract: every member named, real JSON types, lengths, enums and formats.',
      why: 'Stops a handler adding a status that looks top-level (A8) or an extra business field (A10): an allowlist, not a blocklist.',
    },
    INPUT_BINDING: {
      rule: 'Echo fields (order_ref, reason, query) equal the validated input.',
      why: 'A result about another order or query cannot pass as the answer to this call.',
    },
    PROVENANCE_MISMATCH: {
      rule: 'source_label and producer_revision are the registry’s; trust is untrusted_data for data, trusted_control for dispatcher errors.',
      why: 'Stops a handler or a store claiming to be another source (A6).',
    },
    TIME_FORMAT: {
      rule: 'observed_at is UTC RFC 3339 ending in Z, with a real calendar date.',
      why: 'Times that compare as strings and mean one instant everywhere.',
    },
    SIZE_LIMIT: {
      rule: 'canonical(model_result) is at most 16 KiB; trailing hits are dropped (and recorded) to fit.',
      why: 'A handler cannot flood the model’s context.',
    },
    DEPTH_LIMIT: {
      rule: 'model_result nests at most 8 levels.',
      why: 'Deep nesting hides content and costs every reader.',
    },
    SENSITIVE_FIELD: {
      rule: 'No credential or control key at any depth (token, Authorization, api-key, cookie, …), matched after NFKC, lower-casing and removing separators.',
      why: 'Stops a handler passing a credential through to the model (A9).',
    },
    STATUS_INCONSISTENT: {
      rule: 'status, error, data and execution agree: succeeded ⇔ no error ⇔ data; the outcome follows the catalog; delivery is the trusted one.',
      why: 'No ambiguous mix of ok, cached and retryable flags.',
    },
    ERROR_CATALOG_MISMATCH: {
      rule: 'The error equals its catalog entry field by field: category, outcome, recovery, message, retry_after_ms.',
      why: 'Stops rewriting the message or recovery to change what happens next (A7).',
    },
    AUDIT_SCHEMA: {
      rule: 'protected_audit has exactly its contract’s members and 64-hex digests.',
      why: 'The audit stays a record you can rely on.',
    },
    AUDIT_CONTEXT_MISMATCH: {
      rule: 'The audit names this call: principal, provider, response, call, operation, idempotency key, tool contract and key.',
      why: 'Stops a whole package being moved to another call (A2).',
    },
    AUDIT_LEAK: {
      rule: 'model_result holds no audit key and no string containing this call’s audit values.',
      why: 'Stops principal ids, receipts or call ids reaching the model (A13).',
    },
    REQUEST_DIGEST_MISMATCH: {
      rule: 'request_sha256 is recomputed from the trusted principal, tool, arguments and revisions.',
      why: 'A package cannot claim another business intent.',
    },
    RESULT_DIGEST_MISMATCH: {
      rule: 'result_sha256 is recomputed from the model_result in the package.',
      why: 'Stops swapped results (A1), edited fields (A5) and forged digests (A4).',
    },
    CALL_BINDING_MISMATCH: {
      rule: 'call_binding_sha256 is recomputed from the trusted call, the tool contract and the two recomputed digests.',
      why: 'Stops a package moved to another call, turn or idempotency key (A2, A3).',
    },
    UNREGISTERED_ADAPTER: {
      rule: 'Only the registered provider / API / adapter revision triples serialize.',
      why: 'Stops a package going out through an adapter nobody reviewed (A12).',
    },
    UNKNOWN_TOOL: {
      rule: 'A tool without a registered contract can only answer UNKNOWN_TOOL.',
      why: 'No contract, no data for the model.',
    },
    MCP_RESULT_SCHEMA: {
      rule: 'An MCP server’s answer is a CallToolResult by MCP’s schema (content an array of known blocks, isError a boolean, structuredContent an object), and a success carries structuredContent.',
      why: 'Stops a server sending a shape no client reads the same way, or a success with nothing the contract can check.',
    },
    MCP_CONTENT_MISMATCH: {
      rule: 'A text block that is JSON equals structuredContent canonically; other text is dropped.',
      why: 'Stops a server saying one thing in structuredContent and another in the text a client shows or forwards.',
    },
    DELIVERY_EVIDENCE: {
      rule: 'local_replay and receipt_reconciled are claims with evidence: a committed success, and for receipt_reconciled the receipt the status query found (downstream.receipt_ref).',
      why: 'Stops a replay or a reconciliation being claimed for an error, or a reconciliation claimed with no receipt to show for it.',
    },
    MCP_NOT_FINAL: {
      rule: 'Only a CallToolResult whose resultType is "complete" (or absent) is an answer.',
      why: 'Stops a half-finished multi-round exchange passing for the tool’s result.',
    },
    MCP_DEFINITION_CHANGED: {
      rule: 'An MCP tool is callable only while the server lists the definition whose digest is its pin.',
      why: 'Stops tool poisoning: a description or schema changed after review is not used until it is reviewed again.',
    },
  },
  zh: {
    RESULT_SCHEMA: {
      rule: '结果信封只能有合同规定的字段与类型。',
      why: '合同之外的字段（例如复制进来的 principal_ref）可能把任何东西带给模型。',
    },
    DATA_SCHEMA: {
      rule: 'data 必须符合该工具的精确输出合同：字段逐一列出，真实 JSON 类型、长度、枚举与格式。',
      why: '阻止 handler 加入看似顶层的 status（A8）或额外业务字段（A10）：白名单而不是黑名单。',
    },
    INPUT_BINDING: {
      rule: '回显字段（order_ref、reason、query）必须等于已校验的输入。',
      why: '关于别的订单或查询的结果不能冒充本次调用的答案。',
    },
    PROVENANCE_MISMATCH: {
      rule: 'source_label 与 producer_revision 必须来自注册表；业务数据 trust 为 untrusted_data，dispatcher 错误为 trusted_control。',
      why: '阻止 handler 或存储冒充其他来源（A6）。',
    },
    TIME_FORMAT: {
      rule: 'observed_at 必须是以 Z 结尾的 UTC RFC 3339 时间，且日期真实存在。',
      why: '时间可以按字符串比较，并且在任何地方都表示同一时刻。',
    },
    SIZE_LIMIT: {
      rule: 'canonical(model_result) 至多 16 KiB；超出时丢弃末尾结果并记录。',
      why: 'handler 无法灌满模型的上下文。',
    },
    DEPTH_LIMIT: { rule: 'model_result 嵌套不超过 8 层。', why: '深层嵌套会隐藏内容，并拖累每个读取方。' },
    SENSITIVE_FIELD: {
      rule: '任何深度都不得出现凭据或控制字段（token、Authorization、api-key、cookie……），键名经 NFKC、小写并去掉分隔符后匹配。',
      why: '阻止 handler 把凭据透传给模型（A9）。',
    },
    STATUS_INCONSISTENT: {
      rule: 'status、error、data 与 execution 必须一致：succeeded ⇔ 无 error ⇔ 有 data；outcome 来自目录；delivery 来自受信任上下文。',
      why: '杜绝 ok、cached、retryable 混搭出的含糊状态。',
    },
    ERROR_CATALOG_MISMATCH: {
      rule: '错误必须与目录条目逐字段一致：category、outcome、recovery、message、retry_after_ms。',
      why: '阻止改写消息或恢复方式来左右下一步（A7）。',
    },
    AUDIT_SCHEMA: { rule: 'protected_audit 只能有合同规定的字段，摘要为 64 位十六进制。', why: '审计记录才能被依赖。' },
    AUDIT_CONTEXT_MISMATCH: {
      rule: '审计必须指向本次调用：主体、provider、response、call、operation、幂等键、工具合同与密钥。',
      why: '阻止把整个 package 挪到另一次调用（A2）。',
    },
    AUDIT_LEAK: {
      rule: 'model_result 中不得有审计字段，也不得有包含本次调用审计值的字符串。',
      why: '阻止主体标识、回执或 call id 进入模型（A13）。',
    },
    REQUEST_DIGEST_MISMATCH: {
      rule: 'request_sha256 由受信任的主体、工具、参数与版本重算。',
      why: 'package 不能冒充另一个业务意图。',
    },
    RESULT_DIGEST_MISMATCH: {
      rule: 'result_sha256 由 package 中的 model_result 重算。',
      why: '阻止结果交换（A1）、字段篡改（A5）与伪造摘要（A4）。',
    },
    CALL_BINDING_MISMATCH: {
      rule: 'call_binding_sha256 由受信任的调用、工具合同与两个重算摘要重算。',
      why: '阻止 package 被挪到另一次调用、回合或幂等键（A2、A3）。',
    },
    UNREGISTERED_ADAPTER: {
      rule: '只有已登记的 provider / API / adapter 版本组合可以序列化。',
      why: '阻止 package 经由未审查的 adapter 发出（A12）。',
    },
    UNKNOWN_TOOL: { rule: '没有登记合同的工具只能返回 UNKNOWN_TOOL。', why: '没有合同，就没有给模型的数据。' },
    MCP_RESULT_SCHEMA: {
      rule: 'MCP 服务器的回答必须符合 MCP 的 CallToolResult 模式（content 为已知内容块的数组，isError 为布尔值，structuredContent 为对象），成功时必须带 structuredContent。',
      why: '阻止服务器发出各客户端读法不一的结构，或发出合同无从校验的“成功”。',
    },
    MCP_CONTENT_MISMATCH: {
      rule: '是 JSON 的文本块必须与 structuredContent 规范化后相等；其余文本一律丢弃。',
      why: '阻止服务器在 structuredContent 里说一套、在客户端会显示或转发的文本里说另一套。',
    },
    DELIVERY_EVIDENCE: {
      rule: 'local_replay 与 receipt_reconciled 是要有证据的声明：必须是已提交的成功，receipt_reconciled 还必须带状态查询找到的回执（downstream.receipt_ref）。',
      why: '阻止把一个错误声称为重放或对账，或在拿不出回执时声称已对账。',
    },
    MCP_NOT_FINAL: {
      rule: '只有 resultType 为 "complete"（或不出现）的 CallToolResult 才算回答。',
      why: '阻止未完成的多轮交互冒充工具结果。',
    },
    MCP_DEFINITION_CHANGED: {
      rule: '只有当服务器列出的工具定义的摘要等于登记的 pin 时，这个 MCP 工具才可调用。',
      why: '阻止工具投毒：审查后被改动的描述或模式，在重新审查前不会被使用。',
    },
  },
});
