/**
 * The self-test's words (./selfTest.ts), both languages side by side, by
 * question id: the question, the explanation's paragraphs, the key points (the
 * learner ticks them by position, so both languages list the same number: a
 * test holds them together) and the demo button's label.
 */
import { defineTexts } from '../texts.ts';
import type { QuestionId } from './selfTest.ts';

interface QuestionWords {
  question: string;
  explanation: readonly string[];
  points: readonly string[];
  demo: string;
  /** The recovery lab's link, where the question has a case that shows its answer by the learner's hand. */
  lab?: string;
}

export const SELF_TEST_TEXT = defineTexts<Readonly<Record<QuestionId, QuestionWords>>>({
  en: {
    1: {
      question: 'Why can request_sha256 and call_binding_sha256 not be merged into one digest of unclear purpose?',
      explanation: [
        'They answer different questions. request_sha256 (purpose tool-request/v1) covers the business intent only — tenant, subject, tool, validated arguments and three contract revisions — and leaves out the call id and the idempotency key, so the same intent under a new call id still finds its idempotency record, and a new key alone cannot fake a new intent.',
        'call_binding_sha256 (tool-call-binding/v1) binds this provider turn: provider, response and call ids, operation, idempotency key, adapter, tool contract, and both other digests. A package moved to another call, turn or key no longer verifies. One merged digest would either break idempotency (if it held the call id) or let a package move between calls (if it did not).',
        'Try A3: replacing only the idempotency key leaves request_sha256 unchanged and breaks call_binding_sha256 (CALL_BINDING_MISMATCH). The purpose member keeps one kind of digest from standing in for another.',
      ],
      points: [
        'request_sha256 covers only the business intent (principal, tool, arguments, contract revisions), not the call id or the idempotency key.',
        'call_binding_sha256 binds this provider turn: response and call ids, operation, idempotency key, adapter, and the other two digests.',
        'One merged digest would either break idempotency (if it held the call id) or let a package move between calls (if it did not).',
      ],
      demo: 'Open attack A3 (replace only the idempotency key)',
    },
    2: {
      question: 'Why does a legal data.status not allow the result to override the top-level status?',
      explanation: [
        'The top-level status is the dispatcher’s finding about the call (succeeded / failed / unknown), computed from the catalog and the contract. data.status is business data about an order — one of paid, pending, refunded — and lives only inside data, marked trust: untrusted_data. Two fields with the same name in two different layers.',
        'Each tool’s exact output schema decides which fields exist: get_order allows data.status; create_refund_draft has no status field at all, so a handler adding {"status":"succeeded"} is refused (DATA_SCHEMA) and the model gets OUTPUT_CONTRACT_VIOLATION — it never overrides anything.',
      ],
      points: [
        'The top-level status is the dispatcher’s finding about the call; data.status is business data inside data, marked untrusted_data.',
        'Each tool’s exact output schema decides which fields exist: a status the contract does not name is refused (DATA_SCHEMA), and nothing in data overrides the top level.',
      ],
      demo: 'Open create_refund_draft.status_injected',
    },
    3: {
      question: 'What is the difference in evidence between local_replay and receipt_reconciled?',
      explanation: [
        'local_replay: the answer comes from our own idempotency record. The evidence is a request_sha256 equal to the recorded one — the same principal, tool, arguments and contract — under a new call, so call_binding_sha256 differs. The handler is not called again.',
        'receipt_reconciled: the answer comes from an explicit status query to the downstream system, typically after OUTCOME_UNKNOWN. The evidence is the downstream receipt (receipt_ref, status_ref), kept in protected_audit, never in model_result. Neither kind of delivery skips the current authorization.',
      ],
      points: [
        'local_replay comes from our own idempotency record: the same request_sha256 under a new call (another call_binding_sha256); the handler is not called again.',
        'receipt_reconciled comes from an explicit status query downstream (after OUTCOME_UNKNOWN); its evidence is the downstream receipt, kept in protected_audit, never in model_result.',
      ],
      demo: 'Open get_order.local_replay and its digests',
      lab: 'Cause both by hand in the recovery lab: lose the response after the commit (receipt_reconciled), then retry with the same key (local_replay)',
    },
    4: {
      question: 'Why may a provider adapter serialize only the model projection?',
      explanation: [
        'Whatever the adapter serializes becomes text the model reads, and text the provider stores. protected_audit holds the principal reference, provider correlation ids, the idempotency key, downstream receipts and the three digests: none of it helps the model continue, all of it helps an attacker or leaks across tenants.',
        'So the two projections never embed each other, and each adapter runs the full validation again before it serializes (AUDIT_LEAK checks every audit value of 8 characters or more). The adapter is the last hop only: the provider’s message shape stays out of the handler and out of the internal model.',
      ],
      points: [
        'Whatever the adapter serializes is read by the model and stored by the provider; the audit (principal, ids, key, receipts, digests) would only leak.',
        'The projections never embed each other, and the adapter validates again before serializing (AUDIT_LEAK): it is the last hop only.',
      ],
      demo: 'Open the provider payloads panel',
    },
    5: {
      question: 'After trust=untrusted_data, which deterministic controls are still needed?',
      explanation: [
        'The label is machine-readable, not a sandbox. Still needed: a per-tool field allowlist and exact schema; recursive refusal of credential and control fields; limits on size, items, depth, URLs and artifacts; provenance (source, revisions, observed time); natural language kept inside the tool-result data block, never promoted to system or developer instructions.',
        'And above all, the next action is checked again: if the model, persuaded by an injected hit, proposes send_email, that call passes its own input schema, authorization, recipient policy, approval and idempotency gates. Least privilege and deterministic policy are the protection (A14).',
      ],
      points: [
        'A per-tool allowlist and exact schema, recursive refusal of credential and control fields, and limits on size, depth and URLs, with provenance kept.',
        'Natural language stays inside the tool-result data, never promoted to system or developer instructions.',
        'The next action is checked again: its own schema, authorization, approval and idempotency (least privilege).',
      ],
      demo: 'Open search_kb.injection with attack A14',
    },
  },
  zh: {
    1: {
      question: '为什么 request_sha256 与 call_binding_sha256 不能合成一个用途不明的摘要？',
      explanation: [
        '二者回答不同的问题。request_sha256（purpose 为 tool-request/v1）只覆盖业务意图——tenant、subject、tool、校验后的参数与三个合同版本——不含 call ID 与幂等键，所以同一意图换了新 call ID 仍能命中幂等记录，仅换一个 key 也伪造不出新的意图。',
        'call_binding_sha256（tool-call-binding/v1）绑定当前 provider 回合：provider、response 与 call ID、operation、幂等键、adapter、工具合同以及另外两个摘要。package 被换到另一个调用、回合或 key 就无法通过校验。合成一个摘要，要么破坏幂等（含 call ID），要么允许 package 在调用间移动（不含）。',
        '试试 A3：只替换幂等键时 request_sha256 不变，而 call_binding_sha256 失配（CALL_BINDING_MISMATCH）。purpose 成员保证一种摘要不能冒充另一种。',
      ],
      points: [
        'request_sha256 只覆盖业务意图（主体、工具、参数、合同版本），不含 call ID 与幂等键。',
        'call_binding_sha256 绑定当前 provider 回合：response 与 call ID、operation、幂等键、adapter 以及另外两个摘要。',
        '合成一个摘要，要么破坏幂等（含 call ID），要么允许 package 在调用间移动（不含）。',
      ],
      demo: '打开攻击 A3（只替换幂等键）',
    },
    2: {
      question: '为什么合法的 data.status 不等于允许结果覆盖顶层 status？',
      explanation: [
        '顶层 status 是 dispatcher 对这次调用的判定（succeeded / failed / unknown），由目录与合同计算得出。data.status 是订单的业务数据——只能是 paid、pending、refunded 之一——只存在于 data 内，并标注 trust: untrusted_data。同名字段，分属两层。',
        '每个工具的 exact 输出 schema 决定哪些字段存在：get_order 允许 data.status；create_refund_draft 根本没有 status 字段，所以 handler 加上 {"status":"succeeded"} 会被拒绝（DATA_SCHEMA），模型得到 OUTPUT_CONTRACT_VIOLATION——它什么也覆盖不了。',
      ],
      points: [
        '顶层 status 是 dispatcher 对这次调用的判定；data.status 是 data 内的业务数据，标注 untrusted_data。',
        '每个工具的 exact 输出 schema 决定哪些字段存在：合同没有的 status 会被拒绝（DATA_SCHEMA），data 中的任何内容都不能覆盖顶层。',
      ],
      demo: '打开 create_refund_draft.status_injected',
    },
    3: {
      question: 'local_replay 与 receipt_reconciled 的证据有什么区别？',
      explanation: [
        'local_replay：答案来自本地幂等记录。证据是与记录相同的 request_sha256——同一主体、工具、参数与合同——但属于新的调用，所以 call_binding_sha256 不同。不会再次调用 handler。',
        'receipt_reconciled：答案来自对下游系统的显式状态查询，通常在 OUTCOME_UNKNOWN 之后。证据是下游回执（receipt_ref、status_ref），保存在 protected_audit，从不进入 model_result。两种交付方式都不能跳过当前授权。',
      ],
      points: [
        'local_replay 来自本地幂等记录：新调用下相同的 request_sha256（call_binding_sha256 不同）；不会再次调用 handler。',
        'receipt_reconciled 来自对下游的显式状态查询（通常在 OUTCOME_UNKNOWN 之后）；证据是下游回执，保存在 protected_audit，从不进入 model_result。',
      ],
      demo: '打开 get_order.local_replay 及其摘要',
      lab: '在恢复实验室里亲手造出两者：让响应在提交后丢失（receipt_reconciled），再用同一个 key 重试（local_replay）',
    },
    4: {
      question: '为什么 provider adapter 只能序列化 model projection？',
      explanation: [
        'adapter 序列化的任何内容都会成为模型读取、provider 保存的文本。protected_audit 含主体引用、provider 关联 ID、幂等键、下游回执与三个摘要：这些对模型继续任务毫无帮助，却可能帮助攻击者或跨租户泄露。',
        '因此两个投影互不嵌入，每个 adapter 在序列化前再次运行完整校验（AUDIT_LEAK 检查每个 8 个字符及以上的审计值）。adapter 只负责最后一跳：provider 的消息形状不进入 handler，也不进入内部域模型。',
      ],
      points: [
        'adapter 序列化的内容会被模型读取、被 provider 保存；审计信息（主体、ID、幂等键、回执、摘要）只会泄露。',
        '两个投影互不嵌入，adapter 在序列化前再次校验（AUDIT_LEAK）：它只负责最后一跳。',
      ],
      demo: '打开 provider 载荷面板',
    },
    5: {
      question: 'trust=untrusted_data 之后还必须执行哪些确定性控制？',
      explanation: [
        '这个标签可机读，但不是沙箱。仍需要：逐工具字段 allowlist 与 exact schema；递归拒绝凭据与控制字段；限制大小、数组项、嵌套深度、URL 与 artifact；保留来源（source、版本、观察时间）；把自然语言留在 tool-result 数据块中，绝不提升为 system/developer 指令。',
        '最重要的是，下一个动作要重新检查：如果模型被注入的搜索结果说服而提出 send_email，该调用仍要通过自己的输入 schema、授权、收件人策略、审批与幂等关卡。真正的防护是最小权限与确定性策略（A14）。',
      ],
      points: [
        '逐工具 allowlist 与 exact schema，递归拒绝凭据与控制字段，限制大小、深度与 URL，并保留来源。',
        '自然语言留在 tool-result 数据内，绝不提升为 system/developer 指令。',
        '下一个动作要重新检查：它自己的 schema、授权、审批与幂等（最小权限）。',
      ],
      demo: '打开 search_kb.injection 与攻击 A14',
    },
  },
});
