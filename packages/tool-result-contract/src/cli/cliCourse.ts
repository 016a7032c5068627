/**
 * What a CLI can open by name besides files: a course's registry (used when `--tools` is not given), its scenarios
 * (`--scenario ID`, `list`) and its turn fixtures (`--fixture ID`, `list --turns`). The installed `tool-result` bin
 * starts without one, so an engineer's registry is always their own (`--tools T.mjs`); the repository's
 * `npm run cli` starts with the course chapter's (docs/scenarios.md).
 */
import type { JsonValue, Scenario, ToolRegistry, TurnContext } from '../core/index.ts';

/** One recorded turn a course ships: its stream's events, the turn's context and each call's handler output. */
export interface CliTurnFixture {
  readonly id: string;
  readonly provider: 'openai' | 'anthropic' | 'gemini';
  readonly title: string;
  readonly stream: readonly JsonValue[];
  readonly turn_context: TurnContext;
  readonly handlers: Readonly<Record<string, JsonValue>>;
}

export interface CliCourse {
  /** How the diagnostics name it: "the chapter’s". */
  readonly name: string;
  readonly tools: ToolRegistry;
  readonly scenarios: readonly Scenario[];
  readonly turnFixtures: readonly CliTurnFixture[];
}
