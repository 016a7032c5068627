/**
 * Every string of the playground shell, in English and Chinese. `zh` is typed
 * against `en`, so a missing translation is a type error. Placeholders are
 * `{name}`; `format` fills them. The names model_result and protected_audit
 * stay as they are in both languages: they are the contract's own words.
 */
import type { Lang } from '../../lang.ts';
import { defineTexts } from './texts.ts';

const en = {
  appTitle: 'Tool results: the dispatcher’s contract',
  appTagline: 'What a dispatcher must do with a tool’s raw output before the model sees it.',
  skipToEditor: 'Skip to the editor',
  modesLabel: 'Mode',
  modePlayground: 'Playground',
  modeAttack: 'Attack lab',
  modeExercise: 'Exercise',
  modeLearn: 'Learn',
  modeTurn: 'Model turn',
  nextTurn: 'Next turn: the model asks for send_email →',
  language: 'Language',
  theme: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
  themeSystem: 'System',
  help: 'Help and keyboard shortcuts',
  helpButton: 'Help',
  present: 'Present',
  presentFolded: 'Presenting: the digests and the provider payloads are folded. Switch “Present” off to see them.',
  presentHint: 'Presentation for a classroom: bigger verdicts and text, secondary panels folded (the address says &present=1)',

  scenario: 'Scenario',
  scenarioGroupImported: 'Imported',
  edited: 'edited',
  resetScenario: 'Reset to built-in',
  share: 'Share link',
  exportScenario: 'Export scenario',
  importScenario: 'Import scenario…',
  exerciseEditing: 'Exercise result {n} of 5',
  exerciseHint: 'Pick which of the five results to edit in the exercise panel.',

  editorTitle: 'Handler output',
  editorSubtitle: 'Raw and untrusted. Every keystroke is parsed strictly, projected and validated.',
  editorAria: 'Handler output, JSON. Tab inserts a tab; press Control+M to make Tab move focus.',
  editorLoading: 'Loading the editor — read-only until it is ready.',
  cursor: 'Ln {line}, Col {col}',
  evaluatingOnPause: 'updates on pause…',
  evaluatingOnPauseWhy: 'Past 32 Ki characters the panels are recomputed once you stop typing, so that typing stays smooth.',
  textTooLarge: 'Over 1 MiB: refused before parsing. Your text is kept.',
  editorMenusLanguage: 'The editor’s own menus and hovers keep the language the page had when it loaded.',
  reloadPage: 'Reload the page (your work is kept)',

  problemsTab: 'Problems',
  contextTab: 'Trusted context',
  problemsNone: 'No problems: this output keeps its contract, and the package validates.',
  problemsListLabel: 'Problems, each with where it is and why it matters',
  sourceJson: 'JSON text',
  sourceProjection: 'projection',
  sourceValidation: 'validation',
  sourceContext: 'trusted context',
  lineCol: 'line {line}, col {col}',
  markedAtAncestor: 'missing here; marked at {path}',
  notInEditor: 'in the package, not in the editor text',
  detail: 'Detail',
  jsonRule: 'The text must be strict JSON (RFC 8259): no comments, no trailing commas, no duplicate member names. Nothing reaches the dispatcher until it parses.',
  jsonTooLarge: 'Text over 1 MiB is refused before parsing, so a huge paste cannot freeze anyone’s page. Your text is kept: shorten it.',
  contextRule: 'A malformed trusted context is the caller’s bug: it is refused, never guessed. Fix this field.',

  ctxInvalidCount: '{n} invalid',

  modelResultDesc: 'What the model may read next turn: business data, a finite status, a catalog error, execution facts, minimal provenance.',
  protectedAuditDesc: 'What only operations and compliance see: principal reference, call ids, contract revisions, digests, redactions. Never sent to a provider.',
  noResultJson: 'Nothing reaches the dispatcher yet: the editor text is not strict JSON. See Problems.',
  noResultContext: 'The trusted context is invalid, so nothing is projected. See Trusted context.',
  internalError: 'The playground could not evaluate this: {detail}',
  contractBroken: 'The handler broke its contract: the model gets OUTPUT_CONTRACT_VIOLATION; the audit records why.',
  catalogMessageNote:
    'error.message is the catalog’s fixed English text: the model gets exactly this, in every language of this page, by design (what to do next comes from the code and recovery, never from wording).',
  canonicalSize: 'canonical: {n} of 16384 bytes',

  digestsTitle: 'Digests',
  digestsDesc: 'Recomputed from the trusted context — a digest is never trusted because it looks like one. Hashed twice: @noble/hashes and the browser’s WebCrypto.',
  digestAlgorithmPlain: 'SHA-256 (plain)',
  digestAlgorithmKeyed: 'HMAC-SHA-256 with key “{id}”',
  digestRequestWhy: 'Business intent: principal, tool, arguments, revisions. Leaves out the call id and the idempotency key.',
  digestResultWhy: 'Exactly the model_result the model reads.',
  digestCallWhy: 'This call: provider, response, call, operation, idempotency key, adapter, tool contract and both digests above.',
  stored: 'stored (audit)',
  recomputed: 'recomputed',
  storedMatches: 'stored = recomputed',
  storedDiffers: 'stored ≠ recomputed',
  webcryptoAgrees: 'noble = WebCrypto',
  webcryptoDiffers: 'noble ≠ WebCrypto',
  webcryptoPending: 'WebCrypto: computing…',
  webcryptoUnavailable: 'WebCrypto is not available here',
  showPreimage: 'Preimage: the exact canonical text hashed',

  payloadsTitle: 'Provider payloads',
  payloadsDesc: 'The last hop only: each adapter validates the package again and serializes model_result alone.',
  thisCall: 'this call',
  noAuditMaterial: '✓ no audit material (checked {n} values)',
  auditMaterialFound: '✗ audit material in the payload: {list}',
  refused: '✗ refused before serialization',
  unregisteredAdapter: 'The call’s own adapter, as the context names it',

  attackTitle: 'Attack lab',
  attackDesc: 'Run an attack on the scenario as you edited it, and see which check stops it.',
  learnTitle: 'Learning path',
  learnDesc: 'Break the dispatcher on purpose and watch the consequence; walk through recovery; test yourself.',

  dismiss: 'Dismiss',
  noticesLabel: 'Messages',

  close: 'Close',

  panelFailed: 'This panel failed: {message}. The rest of the page and your text are fine.',
  tryAgain: 'Try again',
  splitterColumns: 'Resize the editor and result columns',
  splitterEditor: 'Resize the editor and the panel below it',
  splitterRows: 'Resize the upper and lower result rows',
  panelNav: 'Verdict and panels',
  panelNavJumps: 'Go to a panel',
  verdictOk: '✓ ok',
  verdictRejected: '✗ rejected',
  problemCount: 'problems: {n}',
  jumpVerdict: '{id}: verdict',
} as const;

export type StringKey = keyof typeof en;

const zh: Record<StringKey, string> = {
  appTitle: '工具结果：dispatcher 的合同',
  appTagline: '在模型看到之前，dispatcher 必须如何处理工具的原始输出。',
  skipToEditor: '跳到编辑器',
  modesLabel: '模式',
  modePlayground: '演练场',
  modeAttack: '攻击实验室',
  modeExercise: '动手实践',
  modeLearn: '学习路径',
  modeTurn: '模型回合',
  nextTurn: '下一个回合：模型请求 send_email →',
  language: '语言',
  theme: '主题',
  themeLight: '浅色',
  themeDark: '深色',
  themeSystem: '跟随系统',
  help: '帮助与快捷键',
  helpButton: '帮助',
  present: '演示',
  presentFolded: '演示中：摘要与 provider 载荷已折叠。关闭“演示”即可看到它们。',
  presentHint: '课堂演示：更大的结论与文字，次要面板折叠（地址中为 &present=1）',

  scenario: '场景',
  scenarioGroupImported: '已导入',
  edited: '已修改',
  resetScenario: '恢复内置版本',
  share: '分享链接',
  exportScenario: '导出场景',
  importScenario: '导入场景…',
  exerciseEditing: '练习结果 {n} / 5',
  exerciseHint: '在练习面板中选择要编辑的结果。',

  editorTitle: 'Handler 输出',
  editorSubtitle: '原始且不可信。每次按键都会被严格解析、投影并校验。',
  editorAria: 'Handler 输出，JSON。Tab 键插入制表符；按 Control+M 让 Tab 键移动焦点。',
  editorLoading: '编辑器加载中——就绪前只读。',
  cursor: '第 {line} 行，第 {col} 列',
  evaluatingOnPause: '停顿后更新…',
  evaluatingOnPauseWhy: '文本超过 32 Ki 个字符时，停止输入后才重新计算各面板，以保证输入流畅。',
  textTooLarge: '超过 1 MiB：在解析前即被拒绝。你的文本已保留。',
  editorMenusLanguage: '编辑器自身的菜单与悬停提示保持页面加载时的语言。',
  reloadPage: '重新加载页面（你的工作会保留）',

  problemsTab: '问题',
  contextTab: '受信任上下文',
  problemsNone: '没有问题：该输出遵守合同，package 通过校验。',
  problemsListLabel: '问题列表：每项给出位置与原因',
  sourceJson: 'JSON 文本',
  sourceProjection: '投影',
  sourceValidation: '校验',
  sourceContext: '受信任上下文',
  lineCol: '第 {line} 行第 {col} 列',
  markedAtAncestor: '此处缺失；标记在 {path}',
  notInEditor: '位于 package 中，不在编辑器文本里',
  detail: '细节',
  jsonRule: '文本必须是严格 JSON（RFC 8259）：不允许注释、尾随逗号或重复的成员名。在能解析之前，什么都不会交给 dispatcher。',
  jsonTooLarge: '超过 1 MiB 的文本在解析前即被拒绝，超大粘贴不会卡死页面。你的文本已保留：请缩短它。',
  contextRule: '受信任上下文格式错误是调用方的缺陷：直接拒绝，绝不猜测。请修正此字段。',

  ctxInvalidCount: '{n} 处无效',

  modelResultDesc: '模型下一回合可以读取的内容：业务数据、有限状态、目录错误、执行事实与最小来源。',
  protectedAuditDesc: '只有运维与合规可见：主体引用、调用 ID、合同版本、摘要与脱敏记录。绝不发送给 provider。',
  noResultJson: '尚无内容交给 dispatcher：编辑器中的文本不是严格 JSON。见“问题”。',
  noResultContext: '受信任上下文无效，因此没有投影。见“受信任上下文”。',
  internalError: '演练场无法计算：{detail}',
  contractBroken: 'handler 违反了合同：模型得到 OUTPUT_CONTRACT_VIOLATION，审计记录原因。',
  catalogMessageNote: 'error.message 是错误目录中固定的英文文本：无论本页用哪种语言，模型得到的都正是这一句，这是有意的设计（下一步怎么做由错误码和 recovery 决定，而不是措辞）。',
  canonicalSize: '规范编码：{n} / 16384 字节',

  digestsTitle: '摘要',
  digestsDesc: '由受信任上下文重算——摘要不会因为“看起来像摘要”而被信任。计算两次：@noble/hashes 与浏览器的 WebCrypto。',
  digestAlgorithmPlain: 'SHA-256（普通）',
  digestAlgorithmKeyed: 'HMAC-SHA-256，密钥“{id}”',
  digestRequestWhy: '业务意图：主体、工具、参数与版本。不含 call id 与幂等键。',
  digestResultWhy: '模型读取的那一份 model_result，逐字节。',
  digestCallWhy: '本次调用：provider、response、call、operation、幂等键、adapter、工具合同，以及上面两个摘要。',
  stored: '存储值（审计）',
  recomputed: '重算值',
  storedMatches: '存储值 = 重算值',
  storedDiffers: '存储值 ≠ 重算值',
  webcryptoAgrees: 'noble = WebCrypto',
  webcryptoDiffers: 'noble ≠ WebCrypto',
  webcryptoPending: 'WebCrypto：计算中……',
  webcryptoUnavailable: '此处不支持 WebCrypto',
  showPreimage: '原像：实际被哈希的规范文本',

  payloadsTitle: 'Provider 载荷',
  payloadsDesc: '只负责最后一跳：每个 adapter 再次校验 package，并且只序列化 model_result。',
  thisCall: '本次调用',
  noAuditMaterial: '✓ 无审计材料（已检查 {n} 个值）',
  auditMaterialFound: '✗ 载荷中含有审计材料：{list}',
  refused: '✗ 序列化前被拒绝',
  unregisteredAdapter: '上下文中指定的本次调用 adapter',

  attackTitle: '攻击实验室',
  attackDesc: '在你编辑后的场景上运行攻击，看看是哪一项检查拦住了它。',
  learnTitle: '学习路径',
  learnDesc: '故意弄坏 dispatcher 并观察后果；逐步走完恢复流程；自我测试。',

  dismiss: '关闭',
  noticesLabel: '消息',

  close: '关闭',

  panelFailed: '该面板出错：{message}。页面其余部分与你的文本均不受影响。',
  tryAgain: '重试',
  splitterColumns: '调整编辑器与结果两栏的宽度',
  splitterEditor: '调整编辑器与下方面板的高度',
  splitterRows: '调整结果上下两行的高度',
  panelNav: '结论与面板',
  panelNavJumps: '跳到面板',
  verdictOk: '✓ 通过',
  verdictRejected: '✗ 被拒绝',
  problemCount: '问题：{n}',
  jumpVerdict: '{id} 结论',
};

const STRINGS = defineTexts<Readonly<Record<StringKey, string>>>({ en, zh });

/** Fills `{name}` placeholders; an unknown placeholder is left as it is, so a missing value shows rather than vanishes. */
export function format(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m));
}

export type Translate = (key: StringKey, params?: Readonly<Record<string, string | number>>) => string;

export function translator(lang: Lang): Translate {
  const table = STRINGS[lang];
  return (key, params) => format(table[key], params);
}
