/** The share dialog's words: loaded with the dialog, not with the page. */
import { defineTexts } from '../../../texts.ts';

export const SHARE_TEXT = defineTexts({
  en: {
    shareDialogTitle: 'Share this exact state',
    shareDialogBody:
      'The link carries the open scenario as edited, the trusted context, the mode, the attack and the exercise (in the Model turn mode: the open stream with its edits), compressed in the part after #. Nothing is uploaded anywhere.',
    shareLinkLabel: 'Link',
    linkLength: (n: number) => `${n} characters: what equals the built-in scenario is left out.`,
    qrLabel: 'The link as a QR code',
    qrCaption: 'Point a phone’s camera at it to open this state there.',
    qrTooLong: 'This link is too long for a QR code: copy it instead, or reset what need not be shared.',
    presenting: 'Open it presenting too (large print, for a projector; a student’s phone does not need it)',
    copy: 'Copy',
    copied: 'Copied',
    loopback: (host: string) =>
      `This link names this computer (${host}): a phone that scans it opens its own, not this playground. For a class, start the playground with “npm run dev -- --host” and open it at the network address it prints, then share from there.`,
  },
  zh: {
    shareDialogTitle: '分享当前的确切状态',
    shareDialogBody:
      '链接在 # 之后以压缩形式携带：编辑后的场景、受信任上下文、模式、攻击与练习（在模型回合模式中：打开的流及其编辑）。不会上传到任何地方。',
    shareLinkLabel: '链接',
    linkLength: (n: number) => `${n} 个字符：与内置场景相同的部分不放进链接。`,
    qrLabel: '链接的二维码',
    qrCaption: '用手机相机扫描，即可在手机上打开这个状态。',
    qrTooLong: '这个链接太长，无法生成二维码：请改为复制链接，或重置不需要分享的内容。',
    presenting: '打开时也使用演示模式（大字号，适合投影；学生的手机不需要）',
    copy: '复制',
    copied: '已复制',
    loopback: (host: string) =>
      `这个链接指向本机（${host}）：手机扫码后打开的是手机自己，而不是这个练习场。上课时请用 “npm run dev -- --host” 启动练习场，在它打印的网络地址打开页面，再从那里分享。`,
  },
});
