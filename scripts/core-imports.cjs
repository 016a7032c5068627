/**
 * The core's folders and the folders each may import: the graph the code has
 * (.dependency-cruiser.cjs enforces it; test/coreLayers.test.ts holds the folders on disk to it).
 */
const CORE_IMPORTS = {
  json: [],
  // The codes' typed params and their locales (en, zh): below every folder that reports, so each `detail` is the English locale's text.
  messages: ['json'],
  // Each provider in its own folder (its adapter row, last hop, assembler, continuation) and the stream kit its
  // assembler shares: below the tables, so every folder that names a provider reaches it (docs/decisions.md#one-provider-one-folder).
  providers: ['json', 'messages'],
  tables: ['json', 'messages', 'providers'],
  result: ['json', 'messages', 'providers', 'tables'],
  mcp: ['json', 'messages', 'providers', 'tables', 'result'],
  // The last hop: one validated package serialized to one provider item, and the payloads previewed.
  lastHop: ['json', 'messages', 'providers', 'tables', 'result'],
  // The live session: one trusted context answered edit after edit, its payloads from the last hop's previews.
  live: ['json', 'messages', 'providers', 'tables', 'result', 'lastHop'],
  // The model's turn, and several results composed into one (each through the last hop).
  turn: ['json', 'messages', 'providers', 'tables', 'result', 'lastHop'],
  dispatcher: ['json', 'messages', 'providers', 'tables', 'result', 'mcp', 'lastHop', 'live', 'turn'],
};

module.exports = { CORE_IMPORTS };
