/**
 * One strict reader for every audit path (docs/audit-log.md#reading-the-log): a keyed log in a
 * sqlStore, tampered as someone with write access to the store (and no key) can tamper with it.
 * The entry's JSON columns are `text`, not `jsonb`, so PostgreSQL keeps a member named twice as it
 * was written: the forged value first, the original last. `JSON.parse` keeps the last, so a lenient
 * reader hands the verifier the original and the chain holds, while a reader that keeps the first
 * (or shows the text) sees the forgery. The store must read the column strictly and refuse it.
 * Run on PGlite in memory, and on a PostgreSQL server when TOOL_RESULT_PG_URL names one.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStrictJson } from '../../src/core/index.ts';
import {
  AuditEntryUnreadableError,
  createControlPlane,
  sqlStore,
  verifyAuditChain,
  type SqlDatabase,
} from '../../src/control/index.ts';
import { createDispatcher } from '../../src/core/index.ts';
import { billingWorld, getInvoice, invoiceCall } from './billing.ts';

const KEY = { id: 'audit-key-strict-read', secret: '3c'.repeat(32) };
/** What a first-wins reader would show for entry 2: a receipt the refund never had. */
const FORGED = '{"downstream":{"request_ref":null,"receipt_ref":"RF-FORGED-0001","status_ref":null},';

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** A keyed plane over the database, three reads into its log, then entry 2's protected_audit given a forged member first. */
async function tamperedLog(db: SqlDatabase, query: Query) {
  // The read tool alone: the log's content does not matter here, only how its text is read back.
  const world = billingWorld();
  const plane = createControlPlane({
    dispatcher: createDispatcher({ tools: [getInvoice] }),
    store: await sqlStore(db),
    runtimes: { get_invoice: world.runtimes.get_invoice },
    authorize: () => true,
    key: KEY,
  });
  await plane.execute(invoiceCall('INV-42', 'strict-read-key-0001'));
  await plane.execute(invoiceCall('INV-42', 'strict-read-key-0002'));
  await plane.execute(invoiceCall('INV-7', 'strict-read-key-0003'));
  const clean = await plane.auditEntries();
  expect(verifyAuditChain(clean, { key: KEY })).toEqual({ ok: true, checked: 3, broken: null });

  // The attacker's statement: no key needed, the original text kept whole after the forged member.
  await query(`UPDATE trc_audit_entries SET protected_audit = $1 || substr(protected_audit, 2) WHERE seq = 2`, [
    FORGED,
  ]);
  const stored = String(
    (await query('SELECT protected_audit FROM trc_audit_entries WHERE seq = 2')).rows[0]?.protected_audit,
  );
  return { plane, clean, stored };
}

function holdsAgainstTheTamper(open: () => Promise<{ db: SqlDatabase; query: Query; dispose: () => Promise<void> }>) {
  it('the columns are text: the duplicate member survives the UPDATE, where jsonb would have kept only the last', async () => {
    const { db, query, dispose } = await open();
    try {
      const { stored } = await tamperedLog(db, query);
      const { rows } = await query(
        `SELECT column_name, data_type FROM information_schema.columns
         WHERE table_name = 'trc_audit_entries' AND column_name IN ('protected_audit', 'attempts')
           AND table_schema = current_schema() ORDER BY column_name`,
      );
      expect(rows).toEqual([
        { column_name: 'attempts', data_type: 'text' },
        { column_name: 'protected_audit', data_type: 'text' },
      ]);
      expect(stored.startsWith(FORGED)).toBe(true);
      expect(stored.match(/"downstream":/g)).toHaveLength(2);
      // What a jsonb column would have done with the same text at insert: one member, the last one.
      const asJsonb = await query('SELECT ($1::jsonb)->>$2 AS receipt', [stored, 'downstream']);
      expect(String(asJsonb.rows[0]?.receipt)).not.toContain('RF-FORGED-0001');
      // The strict parser, the one the CLI's `audit verify` reads with, refuses the text.
      const strict = parseStrictJson(stored);
      expect(strict.ok ? null : strict.error.code).toBe('DUPLICATE_KEY');
    } finally {
      await dispose();
    }
  });

  it('plane.auditEntries() refuses the entry, located (seq, member, line, column); the entries before it still read', async () => {
    const { db, query, dispose } = await open();
    try {
      const { plane, clean } = await tamperedLog(db, query);
      // Before the fix the lenient reader returned the original value, and this log verified under the key.
      const read = await plane.auditEntries().then(
        (entries) => ({ verdict: verifyAuditChain(entries, { key: KEY }) }),
        (e: unknown) => ({ error: e }),
      );
      expect(read).not.toHaveProperty('verdict.ok', true);
      expect('error' in read ? read.error : null).toBeInstanceOf(AuditEntryUnreadableError);
      const error = (read as { error: AuditEntryUnreadableError }).error;
      expect({ seq: error.seq, member: error.member, code: error.code, line: error.line }).toEqual({
        seq: 2,
        member: 'protected_audit',
        code: 'DUPLICATE_KEY',
        line: 1,
      });
      // The second "downstream" is where the strict parser stops: the column past the forged member.
      expect(error.column).toBeGreaterThan(FORGED.length);
      expect(error.message).toMatch(/^audit entry seq 2: protected_audit is not strict JSON \(DUPLICATE_KEY at 1:\d+/);
      await expect(plane.auditEntries(2, 2)).rejects.toBeInstanceOf(AuditEntryUnreadableError);
      expect(await plane.auditEntries(1, 1)).toEqual(clean.slice(0, 1));
      expect(await plane.auditEntries(3)).toEqual(clean.slice(2));
    } finally {
      await dispose();
    }
  });
}

const run = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let schemas = 0;

describe('PGlite in memory', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });
  holdsAgainstTheTamper(async () => {
    const schema = `trc_strict_${run}_${++schemas}`;
    await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
    return {
      db,
      query: (sql, params) => db.query(sql, params),
      dispose: () => db.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE`).then(() => undefined),
    };
  });
});

const url = process.env.TOOL_RESULT_PG_URL;
if (url === undefined || url === '')
  console.warn(
    '[auditStrictRead] the PostgreSQL server tests skip: TOOL_RESULT_PG_URL is not set. ' +
      'Start a throwaway server with `export TOOL_RESULT_PG_URL=$(scripts/postgres.sh start)`.',
  );

describe.skipIf(url === undefined || url === '')('PostgreSQL server (TOOL_RESULT_PG_URL)', () => {
  let admin: pg.Pool;
  beforeAll(() => {
    admin = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await admin?.end();
  });
  holdsAgainstTheTamper(async () => {
    const schema = `trc_strict_${run}_${++schemas}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
    return {
      db: pool,
      query: (sql, params) => pool.query(sql, params),
      dispose: async () => {
        await pool.end();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      },
    };
  });
});
