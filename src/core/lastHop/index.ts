/**
 * The door of src/core/lastHop: the last hop, a validated package to each provider item (toProviderItem, composeTurn, and their value-returning forms), and the live path (previewPayloads, openLiveSession). The package exposes these from its root and `/turn` (src/public).
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { AdapterRefusedError, type ProviderItemResult, safeToProviderItem, toProviderItem } from './toProviderItem.ts';
export {
  type AnthropicToolUse,
  type AnthropicTurn,
  type GeminiFunctionCall,
  type OpenAIFunctionCall,
  composeTurn,
  type ComposedTurn,
  safeComposeTurn,
  type GeminiTurn,
  type OpenAITurn,
  type PackagedResult,
  type ProviderCall,
  type TurnOptions,
  TurnRefusedError,
} from './composeTurn.ts';
export {
  type PayloadPreview,
  type ProviderPreview,
  previewPayloads,
  previewProjected,
  withProvider,
} from './payloadPreview.ts';
export { type LiveSession, openLiveSession } from './liveSession.ts';
export { payloadAuditSearch, type PayloadAuditSearch } from './payloadAuditSearch.ts';
