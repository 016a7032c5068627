/** The provider payloads panel's words. */
import { defineTexts } from '../../../texts.ts';

export const PAYLOADS_TEXT = defineTexts({
  en: {
    payloadsTitle: 'Provider payloads',
    payloadsDesc: 'The last hop only: each adapter validates the package again and serializes model_result alone.',
    thisCall: 'this call',
    noAuditMaterial: (n: number) => `✓ no audit material (checked ${n} values)`,
    auditMaterialFound: (list: string) => `✗ audit material in the payload: ${list}`,
    refused: '✗ refused before serialization',
    unregisteredAdapter: 'The call’s own adapter, as the context names it',
  },
  zh: {
    payloadsTitle: 'Provider 载荷',
    payloadsDesc: '只负责最后一跳：每个 adapter 再次校验 package，并且只序列化 model_result。',
    thisCall: '本次调用',
    noAuditMaterial: (n: number) => `✓ 无审计材料（已检查 ${n} 个值）`,
    auditMaterialFound: (list: string) => `✗ 载荷中含有审计材料：${list}`,
    refused: '✗ 序列化前被拒绝',
    unregisteredAdapter: '上下文中指定的本次调用 adapter',
  },
});
