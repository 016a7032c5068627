#!/usr/bin/env node
/**
 * `npm test`: every stage in order, stopping at the first that fails, then a table of how long each took.
 * The table is printed on failure too, so a CI log says where its time went and which stage stopped it
 * (docs/performance.md#gates says what the benches gate).
 *
 * Stages in one group run side by side: lint and typecheck are single-threaded and independent, and so are the
 * first-load build and the package check, so on two cores each pair takes about as long as its longer stage. The
 * browser suite and the benches run alone: they need the CPU, and the benches measure time. A group's output is
 * held until each of its stages ends and then printed whole, so the log reads stage by stage; a failure in a group
 * stops `npm test` once the whole group has ended.
 */
import { spawn } from 'node:child_process';

const GROUPS = [
  [
    ['lint', 'npm', ['run', '-s', 'lint']],
    ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ],
  [['unit tests (vitest)', 'npx', ['vitest', 'run']]],
  [
    ['first-load budget', 'npm', ['run', '-s', 'test:budget']],
    ['package from its tarball', 'npm', ['run', '-s', 'test:package']],
  ],
  [['browser suite (Playwright)', 'npm', ['run', '-s', 'test:e2e']]],
  [['page bench (bench:ui --gate)', 'npm', ['run', '-s', 'test:bench-ui']]],
  [['core bench (--gate=budgets)', 'npm', ['run', '-s', 'test:bench']]],
  [['control-plane bench (--gate)', 'npm', ['run', '-s', 'test:bench-control']]],
  [['framework adapters bench (--gate)', 'npm', ['run', '-s', 'test:bench-frameworks']]],
];

/** Runs one stage; alone it writes straight to the terminal, in a group its output is kept and printed when it ends. */
function run([name, command, args], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const end = (status, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (!alone) {
        process.stdout.write(`\n── ${name} (${seconds.toFixed(0)} s, run alongside others) ──\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, seconds, ok: status === 0, status, signal, concurrent: !alone });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(null, null);
    });
    child.on('close', end);
  });
}

const startedAll = Date.now();
const done = [];
let failed;
for (const group of GROUPS) {
  const results = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
  done.push(...results);
  failed = results.find((r) => !r.ok);
  if (failed) break;
}
const wall = (Date.now() - startedAll) / 1000;

const names = GROUPS.flat().map(([name]) => name);
const width = Math.max(...[...names, 'total (wall clock)'].map((name) => name.length));
console.log('\nnpm test, stage by stage (∥: ran alongside the other stages of its group):');
for (const { name, seconds, ok, concurrent } of done) {
  console.log(
    `  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}${concurrent ? '  ∥' : ''}`,
  );
}
for (const name of names.slice(done.length)) console.log(`  ${name.padEnd(width)}      —    not run`);
console.log(`  ${'total (wall clock)'.padEnd(width)}  ${wall.toFixed(0).padStart(5)} s`);
if (failed) {
  console.error(`npm test: stopped at ${failed.name} (${failed.signal ?? `exit ${failed.status ?? 1}`})`);
  process.exit(failed.status || 1);
}
