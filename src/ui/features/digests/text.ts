/** The digests panel's words. */
import { defineTexts } from '../../../texts.ts';

export const DIGESTS_TEXT = defineTexts({
  en: {
    digestsTitle: 'Digests',
    digestsDesc:
      'Recomputed from the trusted context — a digest is never trusted because it looks like one. Hashed twice: @noble/hashes and the browser’s WebCrypto.',
    digestAlgorithmPlain: 'SHA-256 (plain)',
    digestAlgorithmKeyed: (id: string) => `HMAC-SHA-256 with key “${id}”`,
    digestRequestWhy:
      'Business intent: principal, tool, arguments, revisions. Leaves out the call id and the idempotency key.',
    digestResultWhy: 'Exactly the model_result the model reads.',
    digestCallWhy:
      'This call: provider, response, call, operation, idempotency key, adapter, tool contract and both digests above.',
    stored: 'stored (audit)',
    recomputed: 'recomputed',
    storedMatches: 'stored = recomputed',
    storedDiffers: 'stored ≠ recomputed',
    webcryptoAgrees: 'noble = WebCrypto',
    webcryptoDiffers: 'noble ≠ WebCrypto',
    webcryptoPending: 'WebCrypto: computing…',
    webcryptoUnavailable: 'WebCrypto is not available here',
    showPreimage: 'Preimage: the exact canonical text hashed',
  },
  zh: {
    digestsTitle: '摘要',
    digestsDesc:
      '由受信任上下文重算——摘要不会因为“看起来像摘要”而被信任。计算两次：@noble/hashes 与浏览器的 WebCrypto。',
    digestAlgorithmPlain: 'SHA-256（普通）',
    digestAlgorithmKeyed: (id: string) => `HMAC-SHA-256，密钥“${id}”`,
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
  },
});
