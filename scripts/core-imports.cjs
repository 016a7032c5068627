/**
 * The core's folders and the folders each may import: the graph the code has
 * (.dependency-cruiser.cjs enforces it; test/coreLayers.test.ts holds the folders on disk to it).
 */
const CORE_IMPORTS = {
  json: [],
  tables: ['json'],
  result: ['json', 'tables'],
  mcp: ['json', 'tables', 'result'],
  dispatch: ['json', 'tables', 'result'],
  turn: ['json', 'tables', 'result', 'dispatch'],
  recordings: ['json', 'tables', 'turn'],
  dispatcher: ['json', 'tables', 'result', 'mcp', 'dispatch', 'turn'],
};

module.exports = { CORE_IMPORTS };
