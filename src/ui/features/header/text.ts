/** The header's words: the page's name, the modes, language, theme, help and presenting. */
import { defineTexts } from '../../../texts.ts';

export const HEADER_TEXT = defineTexts({
  en: {
    appTitle: 'Tool results: the dispatcher’s contract',
    appTagline: 'What a dispatcher must do with a tool’s raw output before the model sees it.',
    modesLabel: 'Mode',
    modePlayground: 'Playground',
    modeAttack: 'Attack lab',
    modeExercise: 'Exercise',
    modeLearn: 'Learn',
    modeTurn: 'Model turn',
    language: 'Language',
    theme: 'Theme',
    themeLight: 'Light',
    themeDark: 'Dark',
    themeSystem: 'System',
    help: 'Help and keyboard shortcuts',
    helpButton: 'Help',
    present: 'Present',
    presentHint:
      'Presentation for a classroom: bigger verdicts and text, secondary panels folded (the address says &present=1)',
  },
  zh: {
    appTitle: '工具结果：dispatcher 的合同',
    appTagline: '在模型看到之前，dispatcher 必须如何处理工具的原始输出。',
    modesLabel: '模式',
    modePlayground: '演练场',
    modeAttack: '攻击实验室',
    modeExercise: '动手实践',
    modeLearn: '学习路径',
    modeTurn: '模型回合',
    language: '语言',
    theme: '主题',
    themeLight: '浅色',
    themeDark: '深色',
    themeSystem: '跟随系统',
    help: '帮助与快捷键',
    helpButton: '帮助',
    present: '演示',
    presentHint: '课堂演示：更大的结论与文字，次要面板折叠（地址中为 &present=1）',
  },
});
