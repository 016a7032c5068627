/** The attacks' words (./attacks.ts), both languages side by side: each attack's title and the lesson it teaches, by attack id. */
import { defineTexts } from '../texts.ts';
import type { AttackId } from './attacks.ts';

export const ATTACK_TEXT = defineTexts({
  en: {
    A1: {
      title: "Swap call A's model_result into call B's package",
      lesson: "result_sha256 binds the exact model_result B's audit was written for; A's result hashes differently.",
    },
    A2: {
      title: "Move A's whole package (both projections) to call B",
      lesson:
        'The package is internally consistent, but the call binding names call A: in call B it no longer verifies.',
    },
    A3: {
      title: 'Replace only the idempotency key',
      lesson:
        'request_sha256 leaves the key out (same intent, same record), so it still matches; call_binding_sha256 carries the key and breaks.',
    },
    A4: {
      title: 'Forge a well-formed random digest',
      lesson: 'Looking like 64 hex digits proves nothing: the validator recomputes every digest.',
    },
    A5: {
      title: 'Change one business field',
      lesson: 'Any change to what the model would read changes result_sha256.',
    },
    A6: {
      title: 'Change provenance (source label, producer revision)',
      lesson: 'Provenance comes from the registry, not from the handler or the store.',
    },
    A7: {
      title: 'Rewrite the error message or recovery',
      lesson: 'The recovery protocol is the catalog entry for the code; text cannot change what happens next.',
    },
    A8: {
      title: 'Handler adds a top-level-looking status to the data',
      lesson: 'The exact per-tool schema refuses it: data.status can never override the top-level status.',
    },
    A9: {
      title: 'Handler nests a token or Authorization header',
      lesson: 'The recursive deny-list runs before the schema, on normalized keys (case, -, _, full-width).',
    },
    A10: {
      title: 'Handler adds an extra business field',
      lesson: 'An allowlist, not a blocklist: every member the model sees is named by the contract.',
    },
    A11: {
      title: 'Storage tamper: change data and recompute every plain digest',
      lesson:
        'A plain SHA-256 binding is not a signature: whoever can rewrite the store can recompute it. Keyed mode (HMAC) stops it.',
    },
    A12: {
      title: 'Unregistered provider, API or adapter revision',
      lesson: 'Only the three registered triples serialize; anything else is refused before serialization.',
    },
    A13: {
      title: 'Copy audit material (principal_ref, call id) into model_result',
      lesson: 'The model projection may not contain audit keys or any of this call’s audit values.',
    },
    A14: {
      title: 'Prompt injection text in a search hit',
      lesson:
        'It is valid data: it stays in data with trust untrusted_data. What protects is that the next tool call must pass its own schema, authorization and approval.',
    },
    A15: {
      title: 'An MCP server’s text block says something other than its structuredContent',
      lesson:
        'Only structuredContent is checked against the contract; a client may show or forward the text instead. A text block that is JSON must equal structuredContent canonically, so a server that says two things answers an error, never either.',
    },
  } satisfies Record<AttackId, { title: string; lesson: string }>,
  zh: {
    A1: {
      title: '把调用 A 的 model_result 换进调用 B 的 package',
      lesson: 'result_sha256 绑定 B 的审计所对应的那一份 model_result；A 的结果摘要不同。',
    },
    A2: {
      title: '把 A 的整个 package（两个投影）挪到调用 B',
      lesson: 'package 自身一致，但调用绑定记录的是调用 A：放到调用 B 上就无法通过校验。',
    },
    A3: {
      title: '只替换 idempotency key',
      lesson: 'request_sha256 不含幂等键（同一业务意图），因此仍匹配；call_binding_sha256 含幂等键，因而失配。',
    },
    A4: {
      title: '伪造一个格式正确的随机摘要',
      lesson: '看起来像 64 位十六进制毫无意义：校验器会重算每一个摘要。',
    },
    A5: {
      title: '修改一个业务字段',
      lesson: '模型可见内容的任何改动都会改变 result_sha256。',
    },
    A6: {
      title: '篡改来源（source label、producer revision）',
      lesson: '来源信息来自注册表，而不是 handler 或存储。',
    },
    A7: {
      title: '改写错误消息或恢复方式',
      lesson: '恢复协议由错误码对应的目录条目决定；文字改不了下一步。',
    },
    A8: {
      title: 'handler 在 data 中加入看似顶层的 status',
      lesson: '逐工具 exact schema 拒绝它：data.status 永远不能覆盖顶层 status。',
    },
    A9: {
      title: 'handler 嵌套 token 或 Authorization',
      lesson: '递归黑名单在 schema 之前运行，键名先归一化（大小写、-、_、全角）。',
    },
    A10: {
      title: 'handler 加入额外业务字段',
      lesson: '是白名单而非黑名单：模型看到的每个字段都由合同列出。',
    },
    A11: {
      title: '存储篡改：改数据并重算所有普通摘要',
      lesson: '普通 SHA-256 绑定不是签名：能改写存储的人就能重算。密钥模式（HMAC）能拦住。',
    },
    A12: {
      title: '未登记的 provider、API 或 adapter 版本',
      lesson: '只有三个已登记的组合可以序列化；其余在序列化之前就被拒绝。',
    },
    A13: {
      title: '把审计材料（principal_ref、call id）复制进 model_result',
      lesson: '模型投影不得含有审计字段，也不得含有本次调用的任何审计值。',
    },
    A14: {
      title: '搜索结果中的提示注入文本',
      lesson:
        '它是合法数据：留在 data 中，trust 为 untrusted_data。真正的防护是下一次工具调用必须重新通过 schema、授权与审批。',
    },
    A15: {
      title: 'MCP 服务器的文本块与它的 structuredContent 说法不一',
      lesson:
        '合同只校验 structuredContent；客户端却可能显示或转发文本块。是 JSON 的文本块必须与 structuredContent 规范化后相等，所以说两套话的服务器得到的是错误，两套话都到不了模型。',
    },
  },
});
