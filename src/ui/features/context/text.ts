/** The trusted-context form's words: loaded with the form, not with the page. */
import { defineTexts } from '../../../texts.ts';

export const CONTEXT_TEXT = defineTexts({
  en: {
    contextIntro:
      'What the control plane knows about this call, independently of the handler. The validator recomputes every digest from here.',
    ctxPrincipal: 'Principal',
    ctxCall: 'Provider call',
    ctxTool: 'Tool and arguments',
    ctxDelivery: 'Delivery and time',
    ctxDigest: 'Digest mode',
    ctxAdvanced: 'Advanced: type any provider, api_family and adapter_revision',
    ctxUnregistered: 'Not a registered triple: every adapter refuses it (attack A12).',
    ctxArgumentsHint: 'Strict JSON. The request digest hashes them with the input schema’s defaults applied.',
    ctxNowHint: 'UTC, RFC 3339, ending in Z.',
    ctxPlain: 'sha256 — plain hash',
    ctxKeyed: 'hmac-sha256 — keyed',
    ctxKeyNote: 'A demo key for learning, not a secret. Keyed mode is what stops storage tampering (A11).',
    ctxRegistered: (api: string, rev: string) => `Registered triple: ${api} · ${rev}`,
    /** A refusal of the arguments' JSON, with its place (English: the codec's own words, kept for the shape). */
    ctxParseAt: (code: string, line: number, column: number, text: string) => `${code} at ${line}:${column}: ${text}`,
  },
  zh: {
    contextIntro: '控制面独立于 handler 所知道的本次调用信息。校验器据此重算每一个摘要。',
    ctxPrincipal: '主体',
    ctxCall: 'Provider 调用',
    ctxTool: '工具与参数',
    ctxDelivery: '交付与时间',
    ctxDigest: '摘要模式',
    ctxAdvanced: '高级：手动输入任意 provider、api_family 与 adapter_revision',
    ctxUnregistered: '不是已登记组合：所有 adapter 都会拒绝（攻击 A12）。',
    ctxArgumentsHint: '严格 JSON。请求摘要按输入 schema 补全默认值后再哈希。',
    ctxNowHint: 'UTC，RFC 3339，以 Z 结尾。',
    ctxPlain: 'sha256——普通哈希',
    ctxKeyed: 'hmac-sha256——带密钥',
    ctxKeyNote: '仅供学习的演示密钥，并非机密。密钥模式才能拦住存储篡改（A11）。',
    ctxRegistered: (api: string, rev: string) => `已登记组合：${api} · ${rev}`,
    ctxParseAt: (code: string, line: number, column: number, text: string) =>
      `${code}，第 ${line} 行第 ${column} 列：${text}`,
  },
});
