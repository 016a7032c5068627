/**
 * The door of src/core/lastHop: the last hop, a validated package serialized to one provider item (toProviderItem and its
 * value-returning form), the payloads previewed for every provider, and the proof that a payload carries no audit value.
 * Several results in one turn are the turn's (src/core/turn/composeTurn.ts); the live session is src/core/live.
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { AdapterRefusedError, type ProviderItemResult, safeToProviderItem, toProviderItem } from './toProviderItem.ts';
export {
  type PayloadPreview,
  type ProviderPreview,
  previewPayloads,
  previewProjected,
  withProvider,
} from './payloadPreview.ts';
export { payloadAuditSearch, type PayloadAuditSearch } from './payloadAuditSearch.ts';
