/**
 * The audit log of a PGlite data directory holding a sqlStore
 * (docs/control-stores.md), read for `audit` and for nothing else. It does
 * not go through `sqlStore(db)`: that creates the tables it misses, and a
 * verifier must not write to the store it checks, nor make an empty store out
 * of a directory it was wrongly pointed at. PGlite is an optional peer
 * dependency, loaded only here, so every other command works without it.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseStrictJson } from '../core/json/index.ts';
import { BadInput } from './badInput.ts';

/** What `audit` uses of PGlite; the tests pass a loader that fails, to show what an engineer without it reads. */
interface PgliteLike {
  readonly waitReady: Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}
export type LoadPglite = () => Promise<{ PGlite: new (dataDir: string) => PgliteLike }>;

export const loadPglite: LoadPglite = () => import('@electric-sql/pglite');

type Row = Record<string, unknown>;

const ENTRIES_SQL =
  'SELECT seq, at, protected_audit, attempts, prev_chain_sha256, chain_sha256 FROM trc_audit_entries ORDER BY seq';

/**
 * A stored JSON text as its value; a text that is not strict JSON is kept as
 * the string it is, so that the verdict names its seq (MALFORMED_ENTRY,
 * UNREADABLE_ENTRY) instead of the reader giving up on the whole log.
 */
function jsonColumn(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed = parseStrictJson(value);
  return parsed.ok ? parsed.value : value;
}

function entryOf(row: Row): Row {
  return {
    // PGlite gives bigint as a number; a seq past 2^53 is no log a plane wrote, and the verdict says so.
    seq: typeof row.seq === 'bigint' ? Number(row.seq) : row.seq,
    at: row.at,
    protected_audit: jsonColumn(row.protected_audit),
    attempts: jsonColumn(row.attempts),
    prev_chain_sha256: row.prev_chain_sha256,
    chain_sha256: row.chain_sha256,
  };
}

/** The directory must already be a PostgreSQL data directory: PGlite would initialise an empty one in its place. */
function checkDirectory(dir: string): void {
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    throw new BadInput(`${dir}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (!isDir) throw new BadInput(`${dir}: not a directory (--db names a PGlite data directory)`);
  if (!existsSync(join(dir, 'PG_VERSION')))
    throw new BadInput(`${dir}: not a PGlite data directory (it has no PG_VERSION)`);
}

async function openPglite(dir: string, load: LoadPglite): Promise<PgliteLike> {
  let PGlite: Awaited<ReturnType<LoadPglite>>['PGlite'];
  try {
    ({ PGlite } = await load());
  } catch (e) {
    throw new BadInput(
      `audit reads a PGlite directory and needs @electric-sql/pglite, an optional peer dependency that is not installed ` +
        `(npm install @electric-sql/pglite): ${(e as Error).message}`,
    );
  }
  try {
    const db = new PGlite(dir);
    await db.waitReady;
    return db;
  } catch (e) {
    throw new BadInput(`${dir}: PGlite cannot open it (${(e as Error).message})`);
  }
}

/** Every entry of the store's log, in seq order, as the rows hold them. */
export async function readAuditLog(dir: string, load: LoadPglite = loadPglite): Promise<unknown[]> {
  checkDirectory(dir);
  const db = await openPglite(dir, load);
  try {
    const { rows } = await db.query<Row>("SELECT to_regclass('trc_audit_entries') IS NOT NULL AS present");
    if (rows[0]?.present !== true)
      throw new BadInput(`${dir}: not a tool-result store (no trc_audit_entries table: sqlStore makes one)`);
    return (await db.query<Row>(ENTRIES_SQL)).rows.map(entryOf);
  } finally {
    await db.close();
  }
}
