/** The help dialog's words: loaded with the dialog, not with the page. */
import { defineTexts } from '../../../texts.ts';

export const HELP_TEXT = defineTexts({
  en: {
    helpIntro: 'Everything runs in this page: nothing is sent anywhere. Your work is saved in this browser.',
    helpShortcuts: 'Keyboard shortcuts',
    openGuide: 'Start here: where each part of the chapter is',
    keyEditor: 'Focus the editor',
    keyProblems: 'Focus the problems list',
    keyContext: 'Focus the trusted context form',
    keyResults: 'Focus the results (or the attack lab / the exercise)',
    keyDigests: 'Focus the digests',
    keyPayloads: 'Focus the provider payloads',
    keyHelp: 'Open this help (outside text fields)',
    keyEscape: 'Close a dialog',
    keyTabTrap: 'In the editor: make Tab move focus instead of inserting a tab (toggle)',
    keyPalette: 'In the editor: command palette',
    keyEnter: 'On a problem: move the editor cursor to it',
    keySplitter: 'On a splitter: resize the panels',
    keyStream: 'Model turn, on the event list: step through the stream',
    keyNextLesson: 'The next attack, recovery case or common mistake (outside text fields)',
    keyPrevLesson: 'The previous attack, recovery case or common mistake (outside text fields)',
    helpReading: 'How to read the page',
    helpReading1:
      'The editor holds a tool handler’s raw output. It is untrusted: the dispatcher checks it against the tool’s exact contract.',
    helpReading2:
      'model_result is what the model reads; protected_audit is what only operations see. Neither embeds the other.',
    helpReading3:
      'The three digests bind the request, the result and the call. Change anything and watch which one changes.',
    helpReading4: 'Each provider payload carries model_result only, and is checked for every audit value.',
    helpReading5:
      'Model turn: the hop before (the stream in which the model asks for tools, the input gate) and after (the next request, results paired with calls by id).',
  },
  zh: {
    helpIntro: '一切都在本页中运行，不向任何地方发送数据。你的工作保存在此浏览器中。',
    helpShortcuts: '快捷键',
    openGuide: '从这里开始：章节的每一部分在哪里',
    keyEditor: '聚焦编辑器',
    keyProblems: '聚焦问题列表',
    keyContext: '聚焦受信任上下文表单',
    keyResults: '聚焦结果（或攻击实验室 / 练习）',
    keyDigests: '聚焦摘要',
    keyPayloads: '聚焦 provider 载荷',
    keyHelp: '打开本帮助（不在文本框内时）',
    keyEscape: '关闭对话框',
    keyTabTrap: '在编辑器中：切换 Tab 键为移动焦点而非插入制表符',
    keyPalette: '在编辑器中：命令面板',
    keyEnter: '在某个问题上：把编辑器光标移到该处',
    keySplitter: '在分隔条上：调整面板大小',
    keyStream: '模型回合，在事件列表上：逐步查看流',
    keyNextLesson: '下一个攻击、恢复案例或常见错误（不在文本框内时）',
    keyPrevLesson: '上一个攻击、恢复案例或常见错误（不在文本框内时）',
    helpReading: '如何阅读本页',
    helpReading1: '编辑器中是工具 handler 的原始输出。它不可信：dispatcher 会按该工具的精确合同逐项检查。',
    helpReading2: 'model_result 是模型读取的内容；protected_audit 只有运维可见。二者互不嵌入。',
    helpReading3: '三个摘要分别绑定请求、结果与调用。改动任何内容，看看哪一个随之改变。',
    helpReading4: '每个 provider 载荷只携带 model_result，并逐一检查是否含有审计值。',
    helpReading5:
      '模型回合：之前的一跳（模型请求工具的流、输入关卡）与之后的一跳（下一次请求，结果按 id 与调用配对）。',
  },
});
