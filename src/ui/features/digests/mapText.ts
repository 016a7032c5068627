/** The words of the field → digest map and of a digest's inputs (loaded with them, not with the page). */
import { defineTexts } from '../../../texts.ts';

export const DIGEST_MAP_TEXT = defineTexts({
  en: {
    mapTitle: 'Which field feeds which digest',
    mapWhy:
      'Read off the preimages the validator hashes, not written by hand. Hover or focus a field of the package to see the digests it feeds; pick a digest to see its inputs.',
    fieldsLabel: 'Fields of the package',
    digestsLabel: 'The three digests: pick one to see its inputs',
    pickField: 'Hover or focus a field: the digests it feeds light up.',
    feeds: (field: string, direct: string, through: string) =>
      through === '' ? `${field} feeds ${direct}.` : `${field} feeds ${direct}; and ${through}.`,
    through: (digest: string, via: string) => `${digest} through ${via}`,
    feedsNone: (field: string) =>
      `${field} feeds none of the three digests: no preimage holds it (it describes, or is itself a digest).`,
    inputsOf: (digest: string) => `Inputs of ${digest}: the members of its preimage.`,
    inputsEmpty: 'This evaluation has no preimage for this digest (the context cannot be encoded).',
    member: 'member',
    value: 'value',
    changed: 'changed',
    sinceLast: 'Marked: changed since the previous evaluation.',
    noPrevious: 'Nothing to compare with yet: edit the result or the context, and the inputs that change are marked.',
    nothingChanged: 'None of these inputs changed in the last edit that changed any preimage.',
    changedCount: (n: number) => `${n} changed since the previous evaluation`,
    // The attack lab: the honest call against the attacked one.
    inputsButton: 'inputs',
    inputsButtonLabel: (digest: string) => `Show the inputs of ${digest}`,
    honestVsAttacked: 'Marked: differs between the honest call and the attacked one (as the validator recomputed it).',
    attackedNothingChanged:
      'No input differs: the attack did not touch what this digest hashes (the stored value is what it changed, if anything).',
    honest: 'honest call',
    attacked: 'attacked call',
  },
  zh: {
    mapTitle: '哪个字段进入哪个摘要',
    mapWhy:
      '从校验器实际哈希的原像中读出，而不是手写的清单。悬停或聚焦包里的一个字段，看它进入哪些摘要；选一个摘要，看它的输入。',
    fieldsLabel: '包里的字段',
    digestsLabel: '三个摘要：选一个查看它的输入',
    pickField: '悬停或聚焦一个字段：它进入的摘要会被高亮。',
    feeds: (field: string, direct: string, through: string) =>
      through === '' ? `${field} 进入 ${direct}。` : `${field} 进入 ${direct}；以及 ${through}。`,
    through: (digest: string, via: string) => `经由 ${via} 进入 ${digest}`,
    feedsNone: (field: string) =>
      `${field} 不进入三个摘要中的任何一个：没有原像包含它（它只是描述，或它本身就是摘要）。`,
    inputsOf: (digest: string) => `${digest} 的输入：其原像的成员。`,
    inputsEmpty: '本次求值没有这个摘要的原像（上下文无法编码）。',
    member: '成员',
    value: '值',
    changed: '已改变',
    sinceLast: '标记：与上一次求值相比有变化。',
    noPrevious: '还没有可比较的上一次求值：编辑结果或上下文，变化的输入会被标出。',
    nothingChanged: '在最近一次改变了原像的编辑中，这些输入都没有变化。',
    changedCount: (n: number) => `与上一次求值相比有 ${n} 项变化`,
    inputsButton: '输入',
    inputsButtonLabel: (digest: string) => `显示 ${digest} 的输入`,
    honestVsAttacked: '标记：诚实调用与被攻击调用之间不同（按校验器的重算）。',
    attackedNothingChanged: '没有输入不同：攻击没有触及这个摘要所哈希的内容（若有改动，改的是存储值）。',
    honest: '诚实调用',
    attacked: '被攻击调用',
  },
});
