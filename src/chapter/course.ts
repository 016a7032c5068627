/**
 * The chapter as a CLI course: what the repository's `npm run cli` opens by name (its three tools when `--tools`
 * is not given, its scenarios and turn fixtures). The installed `tool-result` bin has no course: the library ships
 * no course material.
 */
import type { CliCourse } from '#lib/cli/cliCourse.ts';
import { scenarios } from './scenarios.ts';
import { chapterTools } from './tools.ts';
import { turnFixtures } from './turnFixtures.ts';

export const chapterCourse: CliCourse = {
  name: 'the chapter’s',
  tools: chapterTools,
  scenarios,
  turnFixtures,
};
