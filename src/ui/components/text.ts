/** The shared components' words: a dialog's close button, a failed panel. */
import { defineTexts } from '../../texts.ts';

export const COMPONENT_TEXT = defineTexts({
  en: {
    close: 'Close',
    panelFailed: (message: string) => `This panel failed: ${message}. The rest of the page and your text are fine.`,
    tryAgain: 'Try again',
  },
  zh: {
    close: '关闭',
    panelFailed: (message: string) => `该面板出错：${message}。页面其余部分与你的文本均不受影响。`,
    tryAgain: '重试',
  },
});
