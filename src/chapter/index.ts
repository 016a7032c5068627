/**
 * The door of src/chapter: the course chapter's material as one registry among others (docs/scenarios.md). Its
 * three tools, the scenarios the playground opens, the turn fixtures, and the CLI course built of them. It belongs
 * to the app: the library ships none of it, and its tests read it as fixtures.
 * Code outside src/chapter imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { chapterTools, isAllowedUrl, KB_HOST } from './tools.ts';
export { EXERCISE_SCENARIO_IDS, findScenario, scenarios } from './scenarios.ts';
export { mcpScenarios } from './mcpScenarios.ts';
export { chapterCourse } from './course.ts';
export {
  findTurnFixture,
  isHealthyFixture,
  TURN_FIXTURE_FORMAT,
  type TurnFixture,
  turnFixtures,
} from './turnFixtures.ts';
