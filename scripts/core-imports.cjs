/**
 * The core's folders and the folders each may import: the graph the code has
 * (.dependency-cruiser.cjs enforces it; test/coreLayers.test.ts holds the folders on disk to it).
 */
const CORE_IMPORTS = {
  json: [],
  // The codes' typed params and their locales (en, zh): below every folder that reports, so each `detail` is the English locale's text.
  messages: ['json'],
  tables: ['json', 'messages'],
  result: ['json', 'messages', 'tables'],
  mcp: ['json', 'messages', 'tables', 'result'],
  lastHop: ['json', 'messages', 'tables', 'result'],
  turn: ['json', 'messages', 'tables', 'result', 'lastHop'],
  dispatcher: ['json', 'messages', 'tables', 'result', 'mcp', 'lastHop', 'turn'],
};

module.exports = { CORE_IMPORTS };
