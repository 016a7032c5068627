/**
 * The door of src/core/lastHop (package subpath `tool-result-contract/last-hop`; `tool-result-contract/dispatch` is its deprecated alias): the last hop, a validated package to each provider item (toProviderItem, composeTurn), and the live path (previewPayloads, openLiveSession).
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { AdapterRefusedError, toProviderItem } from './toProviderItem.ts';
export {
  type AnthropicTurn,
  composeTurn,
  type GeminiTurn,
  type OpenAITurn,
  type PackagedResult,
  type ProviderCall,
  type TurnOptions,
  TurnRefusedError,
} from './composeTurn.ts';
export { type PayloadPreview, previewPayloads, previewProjected, withProvider } from './payloadPreview.ts';
export { type LiveSession, openLiveSession } from './liveSession.ts';
export { payloadAuditSearch, type PayloadAuditSearch } from './payloadAuditSearch.ts';
