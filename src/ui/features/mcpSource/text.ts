/**
 * The words for an MCP document (docs/scenarios.md#mcp-scenarios): the picker's group, what the editor holds, and what each MCP
 * redaction means (docs/mcp.md#each-channel). In the MCP chunk, with the evaluation: the first load carries none.
 */
import type { ProtectedAudit } from '#lib/core/result/index.ts';
import { defineTexts } from '../../../texts.ts';

type McpReason = Extract<ProtectedAudit['redactions'][number]['reason'], `mcp_${string}`>;

export const MCP_SOURCE_TEXT = defineTexts({
  en: {
    pickerGroup: 'An MCP server’s CallToolResult',
    editorTitle: 'CallToolResult from an MCP server',
    editorNote:
      'Raw, exactly as the MCP server sent it, and untrusted: every channel is checked, and only structuredContent can reach the model.',
    docsRef: 'See',
    editorAria: 'An MCP server’s CallToolResult, JSON. Tab inserts a tab; press Control+M to make Tab move focus.',
    subjectTyped: 'Judged here: the MCP server’s CallToolResult in the editor, as typed, and the package made from it.',
    problemsNone:
      'No problem in the CallToolResult as typed: the MCP path reads it, and its package passes validation.',
    redactionsTitle: 'What the MCP server sent that the model does not get',
    redactionsDesc: 'Each channel of the CallToolResult other than structuredContent, by its place and its reason:',
    reasons: {
      mcp_text_duplicate:
        'a text block repeating structuredContent as JSON: the copy MCP asks servers to send, so nothing is lost',
      mcp_unstructured_text: 'a text block that is not JSON: prose has no contract, so it is never data',
      mcp_error_text: 'the server’s own error text: untrusted, so the model gets the catalog’s TOOL_ERROR instead',
      mcp_image: 'an image block: model_result has no place for it',
      mcp_audio: 'an audio block: model_result has no place for it',
      mcp_resource: 'an embedded resource: it may hold anything, a secret included',
      mcp_resource_link: 'a resource link: a link elsewhere is nobody’s contract',
      mcp_annotations: 'a block’s annotations: hints for the client, not data',
      mcp_meta: '_meta: protocol metadata, never data (a token in it stays here)',
      mcp_unknown_member: 'a member CallToolResult does not define',
    } satisfies Record<McpReason, string>,
  },
  zh: {
    pickerGroup: 'MCP 服务器的 CallToolResult',
    editorTitle: 'MCP 服务器的 CallToolResult',
    editorNote: 'MCP 服务器发来的原始结果，原样呈现，不可信：每个通道都会检查，只有 structuredContent 能到达模型。',
    docsRef: '见',
    editorAria: 'MCP 服务器的 CallToolResult，JSON。Tab 键插入制表符；按 Control+M 让 Tab 键移动焦点。',
    subjectTyped: '这里判定的是：编辑器中按原样输入的 MCP 服务器的 CallToolResult，以及由它得出的 package。',
    problemsNone: '按原样输入的 CallToolResult 没有问题：MCP 路径读取了它，得出的 package 通过校验。',
    redactionsTitle: 'MCP 服务器发来、但模型拿不到的内容',
    redactionsDesc: 'CallToolResult 中 structuredContent 以外的每个通道，按其位置与原因：',
    reasons: {
      mcp_text_duplicate: '以 JSON 重复 structuredContent 的文本块：MCP 要求服务器附带的副本，丢弃不损失任何内容',
      mcp_unstructured_text: '不是 JSON 的文本块：散文没有合同，因此永远不是数据',
      mcp_error_text: '服务器自己的错误文本：不可信，模型得到的是错误目录中的 TOOL_ERROR',
      mcp_image: '图像块：model_result 没有它的位置',
      mcp_audio: '音频块：model_result 没有它的位置',
      mcp_resource: '嵌入的资源：可能含有任何东西，包括机密',
      mcp_resource_link: '资源链接：指向别处的链接不属于任何合同',
      mcp_annotations: '块的 annotations：给客户端的提示，不是数据',
      mcp_meta: '_meta：协议元数据，从不是数据（其中的令牌留在审计这边）',
      mcp_unknown_member: 'CallToolResult 未定义的成员',
    },
  },
});

export function isMcpReason(reason: string): reason is McpReason {
  return Object.hasOwn(MCP_SOURCE_TEXT.en.reasons, reason);
}
