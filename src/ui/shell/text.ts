/** The shell's own words: the skip link, the attack lab's and the learn view's panels, the splitters, the folded note. */
import { defineTexts } from '../../texts.ts';

export const SHELL_TEXT = defineTexts({
  en: {
    skipToEditor: 'Skip to the editor',
    skipToLab: 'Skip to the recovery lab',
    skipToCase: 'Skip to the case',
    presentFolded: 'Presenting: the digests and the provider payloads are folded. Switch “Present” off to see them.',
    attackTitle: 'Attack lab',
    attackDesc: 'Run an attack on the scenario as you edited it, and see which check stops it.',
    learnTitle: 'Learning path',
    learnDesc: 'Break the dispatcher on purpose and watch the consequence; walk through recovery; test yourself.',
    splitterColumns: 'Resize the editor and result columns',
    splitterEditor: 'Resize the editor and the panel below it',
    splitterRows: 'Resize the upper and lower result rows',
  },
  zh: {
    skipToEditor: '跳到编辑器',
    skipToLab: '跳到恢复实验室',
    skipToCase: '跳到案例',
    presentFolded: '演示中：摘要与 provider 载荷已折叠。关闭“演示”即可看到它们。',
    attackTitle: '攻击实验室',
    attackDesc: '在你编辑后的场景上运行攻击，看看是哪一项检查拦住了它。',
    learnTitle: '学习路径',
    learnDesc: '故意弄坏 dispatcher 并观察后果；逐步走完恢复流程；自我测试。',
    splitterColumns: '调整编辑器与结果两栏的宽度',
    splitterEditor: '调整编辑器与下方面板的高度',
    splitterRows: '调整结果上下两行的高度',
  },
});
