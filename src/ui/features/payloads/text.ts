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
    mcpNote:
      'Not a model provider: what an MCP server answers a client’s tools/call. structuredContent is model_result, and the text block its canonical text.',
    listingTitle: 'MCP tools/list',
    listingNote:
      'How the dispatcher’s MCP server lists this tool: the registry’s name, title and input schema. The same for every call.',
    outputSchemaSummary: 'outputSchema: the JSON Schema of the whole model_result',
  },
  zh: {
    payloadsTitle: 'Provider 载荷',
    payloadsDesc: '只负责最后一跳：每个 adapter 再次校验 package，并且只序列化 model_result。',
    thisCall: '本次调用',
    noAuditMaterial: (n: number) => `✓ 无审计材料（已检查 ${n} 个值）`,
    auditMaterialFound: (list: string) => `✗ 载荷中含有审计材料：${list}`,
    refused: '✗ 序列化前被拒绝',
    unregisteredAdapter: '上下文中指定的本次调用 adapter',
    mcpNote:
      '不是模型 provider：MCP 服务器对客户端 tools/call 的应答。structuredContent 就是 model_result，文本块是它的规范化文本。',
    listingTitle: 'MCP tools/list',
    listingNote: '调度器的 MCP 服务器如何列出这个工具：注册表中的名称、标题与输入 schema。每次调用都一样。',
    outputSchemaSummary: 'outputSchema：整个 model_result 的 JSON Schema',
  },
});
