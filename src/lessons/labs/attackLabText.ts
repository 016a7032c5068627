/**
 * Each attack (./../attacks.ts) framed as a lab: the goal the learner reaches by
 * running it, a ladder of hints, and the worked answer. True to each attack's
 * lesson (../attackText.ts) and to the checks that stop it (ATTACKS[id].stoppedBy,
 * which the page shows beside the answer, so the codes are not restated as a list here).
 */
import { defineTexts } from '../../texts.ts';
import type { AttackId } from '../attacks.ts';

export interface LabCaseText {
  goal: string;
  /** Revealed one at a time, before the answer. */
  hints: readonly string[];
  answer: string;
}

export const ATTACK_LAB_CASES = defineTexts<Record<AttackId, LabCaseText>>({
  en: {
    A1: {
      goal: 'Put call A’s model_result into call B’s package, and find the one check that refuses it.',
      hints: [
        'Compare the two calls side by side: over which model_result was B’s stored result_sha256 computed?',
        'Open the inputs of result_sha256 in the verdict: the members that differ between B’s honest call and the attacked one are marked.',
      ],
      answer:
        'B’s audit stores result_sha256 of B’s own model_result. The validator hashes the model_result it is given — A’s — and gets another value: RESULT_DIGEST_MISMATCH.',
    },
    A2: {
      goal: 'Move A’s whole package to call B, and find why a package that agrees with itself still fails.',
      hints: [
        'Its digests match its own model_result. What else is it checked against?',
        'Open the inputs of call_binding_sha256: call_id, operation_id and idempotency_key come from the trusted context of the call being checked.',
      ],
      answer:
        'Checked in call B’s trusted context, the audit’s provider context names call A (AUDIT_CONTEXT_MISMATCH), and the call binding recomputed from B’s ids differs from the stored one (CALL_BINDING_MISMATCH).',
    },
    A3: {
      goal: 'Replace only the idempotency key, and find which digest still matches and which breaks.',
      hints: [
        'One digest describes the business intent, another this single call. Which would a key belong to?',
        'Open the inputs of request_sha256 and of call_binding_sha256: only one of them lists idempotency_key.',
      ],
      answer:
        'request_sha256 hashes principal, tool, arguments and revisions, not the key (same intent, same record), so it still matches; call_binding_sha256 hashes the key, so it breaks: CALL_BINDING_MISMATCH.',
    },
    A4: {
      goal: 'Replace a digest with a random but well-formed 64-hex value, and see whether looking right is enough.',
      hints: [
        'The validator does not read a stored digest’s shape. What does it compare it with?',
        'Look at the digest table: the stored value beside the recomputed one.',
      ],
      answer:
        'Every digest is recomputed from the trusted context and the model_result; a random value cannot equal it. Looking like 64 hex digits proves nothing: RESULT_DIGEST_MISMATCH.',
    },
    A5: {
      goal: 'Change one business field of model_result, and find the digest that notices.',
      hints: [
        'Which digest’s preimage is the model_result itself?',
        'Open the inputs of result_sha256: the changed member is marked.',
      ],
      answer:
        'result_sha256 is H(tool-model-result/v1, model_result): any change to what the model would read changes it, so the stored value no longer matches: RESULT_DIGEST_MISMATCH.',
    },
    A6: {
      goal: 'Change the provenance (source label, producer revision), and find the checks that refuse it.',
      hints: [
        'Where does the validator take the expected source label and producer revision from: the package, or somewhere else?',
        'Provenance is part of model_result, so a digest sees the change as well.',
      ],
      answer:
        'The expected provenance comes from the tool registry, not from the handler or the store: PROVENANCE_MISMATCH; and since provenance is in model_result, result_sha256 no longer matches: RESULT_DIGEST_MISMATCH.',
    },
    A7: {
      goal: 'Rewrite an error’s message or recovery, and see whether text can change what happens next.',
      hints: [
        'This attack needs a result that is an error: if it does not apply here, run it on its own scenario.',
        'Where do an error code’s category, recovery and message come from?',
      ],
      answer:
        'The error catalog entry for the code fixes its recovery and message: ERROR_CATALOG_MISMATCH; and the error is part of model_result, so RESULT_DIGEST_MISMATCH too. Text cannot change the recovery protocol.',
    },
    A8: {
      goal: 'Have the handler put a status member inside data, and find what the model gets instead.',
      hints: [
        'This is the handler’s output, not a package: the dispatcher projects it before anything is hashed.',
        'Does the tool’s exact data schema name a member called status?',
      ],
      answer:
        'The per-tool exact schema refuses a member it does not name (DATA_SCHEMA): the model gets a contract error, never that data, so data.status can never override the top-level status.',
    },
    A9: {
      goal: 'Have the handler nest a token or an Authorization header, and find the check that catches it however the key is spelled.',
      hints: [
        'It runs before the schema, on every key at every depth. Which list is it?',
        'Keys are normalized first: case, - and _, full-width letters.',
      ],
      answer:
        'The recursive deny-list finds the key (SENSITIVE_FIELD): the model gets a contract error and the audit records where it was.',
    },
    A10: {
      goal: 'Have the handler add an extra business field, and see why an allowlist stops what a blocklist would miss.',
      hints: [
        'The field looks harmless. Is it named by the tool’s contract?',
        'Read the audit’s violations: which check, at which path.',
      ],
      answer:
        'An allowlist, not a blocklist: every member the model sees is named by the contract, so an extra one is DATA_SCHEMA and the model gets a contract error.',
    },
    A11: {
      goal: 'Change the stored data and recompute every plain digest, then find the mode that still catches it.',
      hints: [
        'With plain SHA-256, who can compute a digest? Anyone who holds the text.',
        'Compare the verdict’s two halves: plain, and keyed (HMAC under a key the store does not hold). Open result_sha256’s inputs in both.',
      ],
      answer:
        'Plain: the attacker recomputed the digests over the changed data, so they match and it passes — a plain digest is not a signature. Keyed: the attacker’s plain hashes are not HMACs under the audit key: RESULT_DIGEST_MISMATCH.',
    },
    A12: {
      goal: 'Serialize for an unregistered provider, API or adapter revision, and see where it stops.',
      hints: [
        'Which (provider, API family, adapter revision) triples are registered?',
        'Compare the adapter’s answer for the honest call and for the changed one.',
      ],
      answer:
        'Only the three registered triples serialize; anything else is refused before serialization: UNREGISTERED_ADAPTER.',
    },
    A13: {
      goal: 'Copy audit material (principal_ref, a call id) into model_result, and find what refuses it.',
      hints: [
        'What may the model’s projection never contain?',
        'Where it lands decides the check: one of this call’s audit values (AUDIT_LEAK), or a member the schema does not name.',
      ],
      answer:
        'model_result may hold neither audit keys nor any of this call’s audit values: AUDIT_LEAK (or RESULT_SCHEMA, for a member the result schema does not name).',
    },
    A14: {
      goal: 'Put prompt-injection text in a search hit, and find out what protects — it is not the validator.',
      hints: [
        'Is the injected text invalid data? What does the provenance’s trust say about it?',
        'What must the next tool call the text asks for pass before anything happens?',
      ],
      answer:
        'Nothing to reject: it is valid data and stays in data with trust untrusted_data. What protects is that the next call (send_email) must pass its own schema, authorization and approval.',
    },
    A15: {
      goal: 'Make an MCP server’s text block say something other than its structuredContent, and find what the model gets.',
      hints: [
        'The contract checks one of the two; a client may show or forward the other. Which is which?',
        'A text block that is JSON is compared with structuredContent, canonically.',
      ],
      answer:
        'The two differ (MCP_CONTENT_MISMATCH): a server that says two things answers a contract error, and neither text reaches the model.',
    },
  },
  zh: {
    A1: {
      goal: '把调用 A 的 model_result 放进调用 B 的 package，找出拒绝它的那一项检查。',
      hints: [
        '把两次调用并排比较：B 存储的 result_sha256 是针对哪一份 model_result 计算的？',
        '在结论里打开 result_sha256 的输入：B 的诚实调用与被攻击调用之间不同的成员会被标出。',
      ],
      answer:
        'B 的审计存储的是 B 自己那份 model_result 的 result_sha256。校验器对它拿到的 model_result（A 的）重新哈希，得到另一个值：RESULT_DIGEST_MISMATCH。',
    },
    A2: {
      goal: '把 A 的整个 package 挪到调用 B，找出一个自身一致的 package 为何仍然失败。',
      hints: [
        '它的摘要与它自己的 model_result 相符。它还要和什么对照？',
        '打开 call_binding_sha256 的输入：call_id、operation_id 与 idempotency_key 来自被检查调用的受信任上下文。',
      ],
      answer:
        '在调用 B 的受信任上下文中检查，审计的 provider context 写的是调用 A（AUDIT_CONTEXT_MISMATCH），由 B 的 id 重算的调用绑定也与存储值不同（CALL_BINDING_MISMATCH）。',
    },
    A3: {
      goal: '只替换幂等键，找出哪个摘要仍然匹配、哪个失配。',
      hints: [
        '一个摘要描述业务意图，另一个描述这一次调用。幂等键属于哪一个？',
        '打开 request_sha256 与 call_binding_sha256 的输入：只有一个列出了 idempotency_key。',
      ],
      answer:
        'request_sha256 哈希主体、工具、参数与版本，不含幂等键（同一意图，同一记录），所以仍匹配；call_binding_sha256 含幂等键，因而失配：CALL_BINDING_MISMATCH。',
    },
    A4: {
      goal: '用一个随机但格式正确的 64 位十六进制值替换摘要，看看“看起来对”是否足够。',
      hints: ['校验器不看存储摘要的格式。它拿什么来比较？', '看摘要表：存储值与重算值并列。'],
      answer:
        '每个摘要都由受信任上下文与 model_result 重算；随机值不可能与之相等。像 64 位十六进制毫无意义：RESULT_DIGEST_MISMATCH。',
    },
    A5: {
      goal: '修改 model_result 中的一个业务字段，找出察觉到它的摘要。',
      hints: ['哪个摘要的原像就是 model_result 本身？', '打开 result_sha256 的输入：被改动的成员会被标出。'],
      answer:
        'result_sha256 = H(tool-model-result/v1, model_result)：模型可见内容的任何改动都会改变它，存储值因此不再匹配：RESULT_DIGEST_MISMATCH。',
    },
    A6: {
      goal: '篡改来源（source label、producer revision），找出拒绝它的检查。',
      hints: [
        '校验器从哪里取得期望的 source label 与 producer revision：package 里，还是别处？',
        '来源信息是 model_result 的一部分，所以还有一个摘要也会看到改动。',
      ],
      answer:
        '期望的来源来自工具注册表，而不是 handler 或存储：PROVENANCE_MISMATCH；并且来源在 model_result 中，result_sha256 也不再匹配：RESULT_DIGEST_MISMATCH。',
    },
    A7: {
      goal: '改写错误的消息或恢复方式，看看文字能否改变下一步。',
      hints: [
        '这个攻击需要一个错误结果：如果在这里不适用，就在它自己的场景上运行。',
        '一个错误码的类别、恢复方式与消息从哪里来？',
      ],
      answer:
        '错误码对应的错误目录条目决定了恢复方式与消息：ERROR_CATALOG_MISMATCH；错误也是 model_result 的一部分，所以还有 RESULT_DIGEST_MISMATCH。文字改不了恢复协议。',
    },
    A8: {
      goal: '让 handler 在 data 里放一个 status 成员，找出模型实际得到的是什么。',
      hints: [
        '这是 handler 的输出，不是 package：在任何哈希之前，dispatcher 先做投影。',
        '工具的 exact data schema 里有名为 status 的成员吗？',
      ],
      answer:
        '逐工具的 exact schema 拒绝它未列出的成员（DATA_SCHEMA）：模型得到的是合同错误，永远不是那份 data，所以 data.status 永远无法覆盖顶层 status。',
    },
    A9: {
      goal: '让 handler 嵌套一个 token 或 Authorization 头，找出无论键名怎么拼写都能抓住它的检查。',
      hints: ['它在 schema 之前运行，检查每一层的每个键。是哪一张清单？', '键名先归一化：大小写、- 与 _、全角字母。'],
      answer: '递归黑名单找到这个键（SENSITIVE_FIELD）：模型得到合同错误，审计记录它所在的位置。',
    },
    A10: {
      goal: '让 handler 加一个额外的业务字段，看看为什么白名单能拦住黑名单漏掉的东西。',
      hints: ['这个字段看起来无害。工具的合同列出它了吗？', '读审计里的 violations：哪项检查，在哪个路径。'],
      answer: '是白名单而非黑名单：模型看到的每个成员都由合同列出，多出来的一个就是 DATA_SCHEMA，模型得到合同错误。',
    },
    A11: {
      goal: '改动存储中的数据并重算所有普通摘要，然后找出仍能发现它的模式。',
      hints: [
        '用普通 SHA-256，谁能计算摘要？任何拿到文本的人。',
        '比较结论的两半：普通模式，与密钥模式（HMAC，密钥不在存储里）。在两边都打开 result_sha256 的输入。',
      ],
      answer:
        '普通模式：攻击者对改过的数据重算了摘要，于是匹配并通过——普通摘要不是签名。密钥模式：攻击者的普通哈希不是审计密钥下的 HMAC：RESULT_DIGEST_MISMATCH。',
    },
    A12: {
      goal: '为未登记的 provider、API 或 adapter 版本序列化，看看它在哪里停下。',
      hints: [
        '哪些（provider、API family、adapter revision）组合已登记？',
        '比较 adapter 对诚实调用与对被改调用的回答。',
      ],
      answer: '只有三个已登记的组合可以序列化；其余的在序列化之前就被拒绝：UNREGISTERED_ADAPTER。',
    },
    A13: {
      goal: '把审计材料（principal_ref、某个 call id）复制进 model_result，找出拒绝它的检查。',
      hints: [
        '模型投影中永远不能出现什么？',
        '落在哪里决定了由哪项检查拦下：本次调用的审计值（AUDIT_LEAK），或 schema 未列出的成员。',
      ],
      answer:
        'model_result 既不能含审计字段，也不能含本次调用的任何审计值：AUDIT_LEAK（若是结果 schema 未列出的成员，则为 RESULT_SCHEMA）。',
    },
    A14: {
      goal: '在搜索结果里放入提示注入文本，找出真正起保护作用的东西——不是校验器。',
      hints: [
        '注入的文本是非法数据吗？来源的 trust 怎么说？',
        '文本要求的下一次工具调用，在发生任何事之前必须通过什么？',
      ],
      answer:
        '没有可拒绝的：它是合法数据，留在 data 中，trust 为 untrusted_data。起保护作用的是下一次调用（send_email）必须通过它自己的 schema、授权与审批。',
    },
    A15: {
      goal: '让 MCP 服务器的文本块与它的 structuredContent 说法不一，找出模型得到的是什么。',
      hints: [
        '合同校验其中一个；客户端可能显示或转发另一个。分别是哪个？',
        '是 JSON 的文本块会与 structuredContent 做规范化比较。',
      ],
      answer: '两者不同（MCP_CONTENT_MISMATCH）：说两套话的服务器得到的是合同错误，两段文字都到不了模型。',
    },
  },
});
