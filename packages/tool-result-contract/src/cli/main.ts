#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { run } from './run.ts';

process.exitCode = await run(process.argv.slice(2), {
  readFile: (p) => readFileSync(p),
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
});
