/** The two projections' words: who reads each, and why there may be nothing to show. */
import { defineTexts } from '../../../texts.ts';

export const PROJECTIONS_TEXT = defineTexts({
  en: {
    modelResultDesc:
      'What the model may read next turn: business data, a finite status, a catalog error, execution facts, minimal provenance.',
    protectedAuditDesc:
      'What only operations and compliance see: principal reference, call ids, contract revisions, digests, redactions. Never sent to a provider.',
    noResultJson: 'Nothing reaches the dispatcher yet: the editor text is not strict JSON. See Problems.',
    noResultContext: 'The trusted context is invalid, so nothing is projected. See Trusted context.',
    internalError: (detail: string) => `The playground could not evaluate this: ${detail}`,
    contractBroken: 'The handler broke its contract: the model gets OUTPUT_CONTRACT_VIOLATION; the audit records why.',
    contractBrokenMcp:
      'The MCP server’s result broke the tool’s contract: the model gets OUTPUT_CONTRACT_VIOLATION; the audit records why.',
    catalogMessageNote:
      'error.message is the catalog’s fixed English text: the model gets exactly this, in every language of this page, by design (what to do next comes from the code and recovery, never from wording).',
    canonicalSize: (n: number) => `canonical: ${n} of 16384 bytes`,
    notStarted: (n: number) =>
      `Not started: result ${n} is still the empty template. Its two projections appear here as you write its handler output.`,
  },
  zh: {
    modelResultDesc: '模型下一回合可以读取的内容：业务数据、有限状态、目录错误、执行事实与最小来源。',
    protectedAuditDesc: '只有运维与合规可见：主体引用、调用 ID、合同版本、摘要与脱敏记录。绝不发送给 provider。',
    noResultJson: '尚无内容交给 dispatcher：编辑器中的文本不是严格 JSON。见“问题”。',
    noResultContext: '受信任上下文无效，因此没有投影。见“受信任上下文”。',
    internalError: (detail: string) => `演练场无法计算：${detail}`,
    contractBroken: 'handler 违反了合同：模型得到 OUTPUT_CONTRACT_VIOLATION，审计记录原因。',
    contractBrokenMcp: 'MCP 服务器的结果违反了工具的合同：模型得到 OUTPUT_CONTRACT_VIOLATION，审计记录原因。',
    catalogMessageNote:
      'error.message 是错误目录中固定的英文文本：无论本页用哪种语言，模型得到的都正是这一句，这是有意的设计（下一步怎么做由错误码和 recovery 决定，而不是措辞）。',
    canonicalSize: (n: number) => `规范编码：${n} / 16384 字节`,
    notStarted: (n: number) => `尚未开始：结果 ${n} 仍是空模板。写出它的 handler 输出后，两个投影会显示在这里。`,
  },
});
