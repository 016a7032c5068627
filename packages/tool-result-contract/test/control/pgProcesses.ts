/**
 * What the PostgreSQL fault tests share: a real OS process running
 * test/control/pgWorker.ts, read line by line; a fresh pair of schemas (the
 * plane's store and the ledger) on a server; and the reason a test skips.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import type { WorkerConfig } from './pgWorker.ts';
import { createLedger } from './pgLedger.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const workerPath = fileURLToPath(new URL('./pgWorker.ts', import.meta.url));

export type Message = { type: string } & Record<string, unknown>;

export interface Worker {
  child: ChildProcess;
  messages: Message[];
  /** The first message, from the start, that `match` accepts; rejects when the process ends without one. */
  waitFor(match: (m: Message) => boolean, timeoutMs?: number): Promise<Message>;
  /** Resolves once `holds` is true of the messages so far; rejects when the process ends first. */
  waitUntil(holds: (messages: readonly Message[]) => boolean, timeoutMs?: number): Promise<void>;
  send(line: string): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/**
 * The worker as one JavaScript file, made once per test process by esbuild (tsx's own transformer). Under
 * `node --import tsx` each process spent about 1.8 s of CPU starting, most of it in the loader; the bundle
 * starts in about 0.4 s, which on a two-core machine is the difference between racing processes and waiting
 * for them. It lives in node_modules/.cache, where `pg` still resolves and no linter or formatter looks.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let bundle: Promise<string> | undefined;
export function workerBundle(): Promise<string> {
  bundle ??= (async () => {
    const dir = join(root, 'node_modules', '.cache', 'tool-result-pg-worker');
    mkdirSync(dir, { recursive: true });
    const out = join(dir, `worker-${process.pid}.mjs`);
    // A test process is ended by its pool without an 'exit' event: each run removes the bundles of the dead.
    for (const name of readdirSync(dir)) {
      const pid = Number(/^worker-(\d+)\.mjs$/.exec(name)?.[1]);
      if (Number.isSafeInteger(pid) && pid !== process.pid && !alive(pid)) rmSync(join(dir, name), { force: true });
    }
    await promisify(execFile)(
      join(root, 'node_modules', '.bin', 'esbuild'),
      [
        workerPath,
        '--bundle',
        '--platform=node',
        '--format=esm',
        '--external:pg',
        `--outfile=${out}`,
        '--log-level=error',
      ],
      { cwd: root },
    );
    return out;
  })();
  return bundle;
}

export async function startWorker(config: WorkerConfig): Promise<Worker> {
  const child = spawn(process.execPath, [await workerBundle()], {
    cwd: root,
    env: { ...process.env, TRC_PG_WORKER: JSON.stringify(config) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const messages: Message[] = [];
  const listeners = new Set<() => void>();
  let ended = false;
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    out += chunk;
    for (let at = out.indexOf('\n'); at >= 0; at = out.indexOf('\n')) {
      const line = out.slice(0, at);
      out = out.slice(at + 1);
      // tsx or node may print a warning of their own; only the worker's JSON lines are messages.
      if (line.startsWith('{')) messages.push(JSON.parse(line) as Message);
    }
    for (const l of listeners) l();
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    err += chunk;
  });
  // A killed process's stdin may close before a last write: that is the kill the test asked for, not an error.
  child.stdin?.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true;
      for (const l of listeners) l();
      resolve({ code, signal });
    }),
  );
  const worker: Worker = {
    child,
    messages,
    exited,
    stderr: () => err,
    send: (line) => child.stdin?.write(`${line}\n`),
    waitUntil(holds, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`not so within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (holds(messages)) finish(null);
          else if (ended) finish(new Error(`the worker ended first; stderr: ${err.slice(-2000)}`));
        };
        const finish = (error: Error | null) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error === null) resolve();
          else reject(error);
        };
        listeners.add(check);
        check();
      });
    },
    async waitFor(match, timeoutMs) {
      await worker.waitUntil((ms) => ms.some(match), timeoutMs);
      return messages.find(match) as Message;
    },
  };
  return worker;
}

/** Ends a worker that is still running (a failed test's); a no-op for one that has exited. */
export async function stopWorker(w: Worker): Promise<void> {
  if (w.child.exitCode === null && w.child.signalCode === null) {
    w.child.kill('SIGKILL');
    await w.exited;
  }
}

let made = 0;
const run = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

/** A new schema for the plane's store and another for the ledger, both dropped by `drop`. */
export async function freshSchemas(admin: pg.Pool) {
  made++;
  const schema = `trc_fault_${run}_${made}`;
  const ledger = `ledger_fault_${run}_${made}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  await createLedger(admin, ledger);
  return {
    schema,
    ledger,
    drop: async () => {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${ledger} CASCADE`);
    },
  };
}

/** A pool for the test process itself, as one more dispatcher process; its idle clients' errors are expected in a restart. */
export function testPool(url: string, schema: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 4 });
  pool.on('error', () => {});
  return pool;
}

export function skipReason(): string | null {
  const url = process.env.TOOL_RESULT_PG_URL;
  if (url === undefined || url === '')
    return (
      'TOOL_RESULT_PG_URL is not set. Start a throwaway server with ' +
      '`export TOOL_RESULT_PG_URL=$(scripts/postgres.sh start)` (stop it with scripts/postgres.sh stop); ' +
      'see docs/control-stores.md.'
    );
  return null;
}
