#!/usr/bin/env node
/** The repository's `npm run cli`: the library's CLI with the chapter as its course (./course.ts). */
import { readFileSync } from 'node:fs';
import { run } from '#lib/cli/run.ts';
import { chapterCourse } from './course.ts';

process.exitCode = await run(
  process.argv.slice(2),
  {
    readFile: (p) => readFileSync(p),
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  },
  chapterCourse,
);
