/**
 * The door of src/chapter, the package's `tool-result-contract/chapter`: the course chapter's material as one
 * registry among others (docs/scenarios.md). Its three tools, the scenarios the playground opens, the turn
 * fixtures, and the five results of the knowledge-search exercise. The package's root exports the contract only,
 * so an engineer's project reaches none of this by accident.
 * Code outside src/chapter imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { chapterTools, isAllowedUrl, KB_HOST } from './tools.ts';
export { EXERCISE_SCENARIO_IDS, findScenario, scenarios } from './scenarios.ts';
export { mcpScenarios } from './mcpScenarios.ts';
export {
  findTurnFixture,
  isHealthyFixture,
  TURN_FIXTURE_FORMAT,
  type TurnFixture,
  turnFixtures,
} from './turnFixtures.ts';
