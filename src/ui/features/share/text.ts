/** The share dialog's words: loaded with the dialog, not with the page. */
import { defineTexts } from '../../i18n/texts.ts';

export const SHARE_TEXT = defineTexts({
  en: {
    shareDialogTitle: 'Share this exact state',
    shareDialogBody:
      'The link carries the open scenario as edited, the trusted context, the mode, the attack and the exercise (in the Model turn mode: the open stream with its edits), compressed in the part after #. Nothing is uploaded anywhere.',
    shareLinkLabel: 'Link',
  },
  zh: {
    shareDialogTitle: '分享当前的确切状态',
    shareDialogBody: '链接在 # 之后以压缩形式携带：编辑后的场景、受信任上下文、模式、攻击与练习（在模型回合模式中：打开的流及其编辑）。不会上传到任何地方。',
    shareLinkLabel: '链接',
  },
});
