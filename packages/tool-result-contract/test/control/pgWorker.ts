/**
 * One dispatcher process of the PostgreSQL fault tests: its own node-postgres
 * pool, `sqlStore` and control plane over the shared server, and the ledger
 * table as its downstream (test/control/pgLedger.ts). Started by
 * test/control/pgProcesses.ts (bundled, under plain node; `node --import tsx`
 * runs this file as it is), told what to do by the JSON in TRC_PG_WORKER; it
 * speaks one JSON object a line on stdout and reads `go` and `stop` on stdin.
 *
 * - `race`: every key of the list at once, after `go`, so that the other
 *   processes meet it on each key;
 * - `crash`: one call whose handler commits its ledger row, says so, and never
 *   answers, so that the parent can kill the process at that moment
 *   (`crashBefore`: it hangs before the insert instead);
 * - `stream`: new keys one after another until `stop`, while the server may
 *   go away and come back under it;
 * - `obedient`: every key of the list at once after `go`, each asked by a
 *   caller that does what every answer says (test/control/obedientCaller.ts),
 *   its request's latency in the downstream drawn around the deadline
 *   (`latency`, seeded per process; the server sleeps it inside the insert),
 *   the handler giving up at its deadline.
 */
import pg from 'pg';
import { createControlPlane, sqlStore, type Policy } from '../../src/control/index.ts';
import { dispatcher } from './billing.ts';
import { answerOf, ledgerCall, ledgerRuntimes, type LedgerHooks } from './pgLedger.ts';
import { askUntilSettled } from './obedientCaller.ts';
import { seeded } from './wireLedger.ts';

export interface WorkerConfig {
  mode: 'race' | 'crash' | 'stream' | 'obedient';
  url: string;
  schema: string;
  ledger: string;
  keys?: string[];
  prefix?: string;
  concurrency?: number;
  crashBefore?: boolean;
  policy?: Partial<Policy>;
  /** `obedient`: the request's time on the wire, drawn uniformly in [min, max] ms with this seed. */
  latency?: { min: number; max: number; seed: number };
}

const config = JSON.parse(process.env.TRC_PG_WORKER ?? '{}') as WorkerConfig;
const say = (message: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(message)}\n`);

// Counted rather than left to kill the process, so that the parent can assert there were none and print them.
let unhandled = 0;
process.on('unhandledRejection', (reason) => {
  unhandled++;
  say({ type: 'unhandled', error: String(reason) });
});
process.on('uncaughtException', (error) => {
  unhandled++;
  say({ type: 'unhandled', error: String(error) });
});

const commands: string[] = [];
const waiting: (() => void)[] = [];
process.stdin.setEncoding('utf8');
let buffered = '';
process.stdin.on('data', (chunk: string) => {
  buffered += chunk;
  for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
    commands.push(buffered.slice(0, at).trim());
    buffered = buffered.slice(at + 1);
    for (const wake of waiting.splice(0)) wake();
  }
});
async function command(name: string): Promise<void> {
  while (!commands.includes(name)) await new Promise<void>((resolve) => waiting.push(resolve));
}

// `obedient` holds a connection for each request in the downstream (its latency is slept in the server): more of them,
// so that the store's own statements are not left waiting behind the ledger's.
const pool = new pg.Pool({
  connectionString: config.url,
  options: `-c search_path=${config.schema}`,
  max: config.mode === 'obedient' ? 24 : 8,
});
// An idle client whose server went away is reported on the pool; with no listener, node-postgres's 'error' event
// would end the process. The store's answers for that time come from the queries that failed, not from this.
let poolErrors = 0;
pool.on('error', () => {
  poolErrors++;
});

const hooks: LedgerHooks = {};
if (config.mode === 'race') hooks.before = () => new Promise((resolve) => setTimeout(resolve, 20));
if (config.mode === 'obedient') {
  const { min, max, seed } = config.latency ?? { min: 0, max: 0, seed: 1 };
  const draw = seeded(seed);
  hooks.wireMs = () => min + Math.floor(draw() * (max - min + 1));
  // A request sent just before the deadline may take the worst latency to land.
  hooks.landingMs = max;
  hooks.givesUp = true;
}
if (config.mode === 'crash') {
  const hang = (key: string) => {
    say({ type: 'hanging', key });
    return new Promise<void>(() => {});
  };
  if (config.crashBefore) hooks.before = () => hang(config.keys?.[0] ?? '');
  else hooks.after = (key) => hang(key);
}

const store = await sqlStore(pool);
const plane = createControlPlane({
  dispatcher,
  store,
  runtimes: ledgerRuntimes(pool, config.ledger, hooks),
  authorize: () => true,
  ...(config.policy === undefined ? {} : { policy: config.policy }),
});

let calls = 0;
async function one(key: string): Promise<boolean> {
  const tag = `${process.pid}_${++calls}`;
  try {
    const answer = answerOf(key, await plane.execute(ledgerCall(key, tag)));
    say({ type: 'answer', ...answer });
    return answer.status === 'succeeded';
  } catch (error) {
    say({ type: 'rejected', key, error: String(error) });
    return false;
  }
}

/** One intent, asked until its answer says stop: every answer is reported, then the last. */
async function obey(key: string): Promise<void> {
  try {
    const settled = await askUntilSettled(
      () => plane.execute(ledgerCall(key, `${process.pid}_${++calls}`)),
      (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      { maxAsks: 40, unknownPauseMs: 250 },
    );
    say({ type: 'answer', ...answerOf(key, settled.final), asks: settled.asks, answers: settled.answers });
  } catch (error) {
    say({ type: 'rejected', key, error: String(error) });
  }
}

say({ type: 'ready' });
if (config.mode === 'obedient') {
  await command('go');
  await Promise.all((config.keys ?? []).map(obey));
} else if (config.mode === 'race') {
  await command('go');
  await Promise.all((config.keys ?? []).map(one));
} else if (config.mode === 'crash') {
  await one(config.keys?.[0] ?? '');
} else {
  let next = 0;
  let stopping = false;
  void command('stop').then(() => {
    stopping = true;
  });
  await Promise.all(
    Array.from({ length: config.concurrency ?? 4 }, async () => {
      while (!stopping)
        // A refused connection answers at once: without a pause the stream would spin while the server is down.
        if (!(await one(`${config.prefix}-${next++}`))) await new Promise((resolve) => setTimeout(resolve, 25));
    }),
  );
}
await pool.end();
say({ type: 'done', calls, unhandled, poolErrors });
process.exit(0);
