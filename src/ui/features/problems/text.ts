/** The problems list's words, and the names of the two tabs under the editor. */
import { defineTexts } from '../../../texts.ts';

export const PROBLEMS_TEXT = defineTexts({
  en: {
    problemsTab: 'Problems',
    contextTab: 'Trusted context',
    problemsNone:
      'No problems in the handler output as typed: it keeps its contract, and the package projected from it validates.',
    subjectTyped: 'Judged here: the handler output in the editor, as typed, and the package projected from it.',
    subjectAttack:
      'Judged here: your handler output in the editor, as typed and untampered. The attack’s tampered copy is judged in the attack lab.',
    subjectSealed: (n: number) =>
      `Judged here: result ${n}’s handler output as typed, projected afresh. The package presented against its sealed audit is judged in result ${n}’s card.`,
    unmet: (n: number) => `Not met yet: valid, but not what result ${n} asks for.`,
    notStarted: (n: number) =>
      `Not started: result ${n} is still the empty template. Write its handler output in the editor (or open its worked answer); its problems are listed here once you do.`,
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
    stripComments: 'Remove comments',
    stripCommentsNote:
      'Rewrites the text without its comments and trailing commas; Undo in the editor brings them back.',
  },
  zh: {
    problemsTab: '问题',
    contextTab: '受信任上下文',
    problemsNone: '按原样输入的 handler 输出没有问题：它遵守合同，由它投影出的 package 通过校验。',
    subjectTyped: '这里判定的是：编辑器中按原样输入的 handler 输出，以及由它投影出的 package。',
    subjectAttack: '这里判定的是：编辑器中你输入的、未被篡改的 handler 输出。攻击篡改后的副本在攻击实验室中判定。',
    subjectSealed: (n: number) =>
      `这里判定的是：结果 ${n} 按原样输入的 handler 输出，重新投影所得。与封存审计对照的“呈上的 package”在结果 ${n} 一栏中判定。`,
    unmet: (n: number) => `尚未满足：合同通过，但不是结果 ${n} 的要求。`,
    notStarted: (n: number) =>
      `尚未开始：结果 ${n} 仍是空模板。在编辑器中写出它的 handler 输出（或打开参考答案）后，这里才会列出它的问题。`,
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
    stripComments: '删除注释',
    stripCommentsNote: '去掉文本中所有注释和尾随逗号，其余不变；在编辑器里撤销即可恢复。',
  },
});
