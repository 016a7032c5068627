/** The problems list's words, and the names of the two tabs under the editor. */
import { defineTexts } from '../../../texts.ts';

export const PROBLEMS_TEXT = defineTexts({
  en: {
    problemsTab: 'Problems',
    contextTab: 'Trusted context',
    problemsNone: 'No problems: this output keeps its contract, and the package validates.',
    problemsListLabel: 'Problems, each with where it is and why it matters',
    sourceJson: 'JSON text',
    sourceProjection: 'projection',
    sourceValidation: 'validation',
    sourceContext: 'trusted context',
    lineCol: (line: number, col: number) => `line ${line}, col ${col}`,
    markedAtAncestor: (path: string) => `missing here; marked at ${path}`,
    notInEditor: 'in the package, not in the editor text',
    detail: 'Detail',
    jsonRule:
      'The text must be strict JSON (RFC 8259): no comments, no trailing commas, no duplicate member names. Nothing reaches the dispatcher until it parses.',
    jsonTooLarge:
      'Text over 1 MiB is refused before parsing, so a huge paste cannot freeze anyone’s page. Your text is kept: shorten it.',
    contextRule: 'A malformed trusted context is the caller’s bug: it is refused, never guessed. Fix this field.',
    ctxInvalidCount: (n: number) => `${n} invalid`,
  },
  zh: {
    problemsTab: '问题',
    contextTab: '受信任上下文',
    problemsNone: '没有问题：该输出遵守合同，package 通过校验。',
    problemsListLabel: '问题列表：每项给出位置与原因',
    sourceJson: 'JSON 文本',
    sourceProjection: '投影',
    sourceValidation: '校验',
    sourceContext: '受信任上下文',
    lineCol: (line: number, col: number) => `第 ${line} 行第 ${col} 列`,
    markedAtAncestor: (path: string) => `此处缺失；标记在 ${path}`,
    notInEditor: '位于 package 中，不在编辑器文本里',
    detail: '细节',
    jsonRule:
      '文本必须是严格 JSON（RFC 8259）：不允许注释、尾随逗号或重复的成员名。在能解析之前，什么都不会交给 dispatcher。',
    jsonTooLarge: '超过 1 MiB 的文本在解析前即被拒绝，超大粘贴不会卡死页面。你的文本已保留：请缩短它。',
    contextRule: '受信任上下文格式错误是调用方的缺陷：直接拒绝，绝不猜测。请修正此字段。',
    ctxInvalidCount: (n: number) => `${n} 处无效`,
  },
});
