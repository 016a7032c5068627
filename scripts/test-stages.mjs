#!/usr/bin/env node
/**
 * `npm test`: every stage in order, stopping at the first that fails, then a table of how long each took.
 * The table is printed on failure too, so a CI log says where its time went and which stage stopped it
 * (docs/performance.md#gates says what the benches gate).
 */
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['lint', 'npm', ['run', '-s', 'lint']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['unit tests (vitest)', 'npx', ['vitest', 'run']],
  ['first-load budget', 'npm', ['run', '-s', 'test:budget']],
  ['package from its tarball', 'npm', ['run', '-s', 'test:package']],
  ['browser suite (Playwright)', 'npm', ['run', '-s', 'test:e2e']],
  ['page bench (bench:ui --gate)', 'npm', ['run', '-s', 'test:bench-ui']],
  ['core bench (--gate=budgets)', 'npm', ['run', '-s', 'test:bench']],
  ['control-plane bench (--gate)', 'npm', ['run', '-s', 'test:bench-control']],
];

const done = [];
let failed;
for (const [name, command, args] of STAGES) {
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = (Date.now() - started) / 1000;
  const ok = run.status === 0;
  done.push({ name, seconds, ok });
  if (!ok) {
    failed = { name, status: run.status ?? 1, signal: run.signal };
    break;
  }
}

const width = Math.max(...STAGES.map(([name]) => name.length));
const total = done.reduce((sum, stage) => sum + stage.seconds, 0);
console.log('\nnpm test, stage by stage:');
for (const { name, seconds, ok } of done) {
  console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}`);
}
for (const [name] of STAGES.slice(done.length)) console.log(`  ${name.padEnd(width)}      —    not run`);
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s`);
if (failed) {
  console.error(`npm test: stopped at ${failed.name} (${failed.signal ?? `exit ${failed.status}`})`);
  process.exit(failed.status || 1);
}
