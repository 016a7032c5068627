/**
 * The SQL store's migrations (docs/control-stores.md#migrations): on PGlite,
 * and on a PostgreSQL server when TOOL_RESULT_PG_URL names one. A database
 * made before migrations were recorded, or one that stopped at an earlier
 * version, is upgraded by `sqlStore(db)` and refused, untouched, by
 * `sqlStore(db, { migrate: false })`. Each test gets a schema of its own.
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ControlPlaneConfigError,
  SQL_MIGRATIONS,
  SqlSchemaBehindError,
  sqlStore,
  type SqlDatabase,
} from '../../src/control/index.ts';
import { migrateSql, SQL_TABLES } from '../../src/control/sqlSchema.ts';
import { PRINCIPAL_REF, REQUEST } from './storeFixtures.ts';

type Row = Record<string, unknown>;

/** One schema of its own, as the store sees it (`db`) and as a test reads and writes it beside the store. */
interface Place {
  db: SqlDatabase;
  schema: string;
  exec(sql: string): Promise<void>;
  rows(sql: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * A released migration never changes (src/control/sqlMigrations.ts): a database that recorded it never runs it
 * again, so an edit would reach new databases only. Change the schema with a new migration at the end instead.
 */
const RELEASED: Record<number, string> = {
  1: 'd915ceb1ca5e225a3c1e507ca8b950dc583a627af6f11584cc6f1d93b0869f2e',
  2: 'bf097910eab4a81aa863bdc6863e28cc914234ccdb7e438f048798baa20deb55',
};

describe('SQL_MIGRATIONS', () => {
  it('are numbered 1, 2, … in order, each named; a released text is never edited', () => {
    expect(SQL_MIGRATIONS.map((m) => m.version)).toEqual(SQL_MIGRATIONS.map((_, i) => i + 1));
    for (const m of SQL_MIGRATIONS) expect(m.name.length).toBeGreaterThan(0);
    for (const [version, digest] of Object.entries(RELEASED))
      expect(
        createHash('sha256')
          .update(SQL_MIGRATIONS[Number(version) - 1]!.sql)
          .digest('hex'),
      ).toBe(digest);
    expect(Object.isFrozen(SQL_MIGRATIONS) && SQL_MIGRATIONS.every((m) => Object.isFrozen(m))).toBe(true);
  });

  it('sqlStore refuses a migrate option that is not a boolean, by name', async () => {
    const refused = await sqlStore({} as SqlDatabase, { migrate: 'no' as never }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ControlPlaneConfigError);
    expect(refused).toMatchObject({ at: 'sqlStore.options.migrate' });
  });
});

function migrationSuite(name: string, open: () => Promise<Place & { dispose(): Promise<void> }>): void {
  const inPlace = (title: string, body: (p: Place) => Promise<void>) =>
    it(title, async () => {
      const place = await open();
      try {
        await body(place);
      } finally {
        await place.dispose();
      }
    });

  const versions = async (p: Place) =>
    (await p.rows('SELECT version, name FROM trc_schema_versions ORDER BY version')).map((r) => ({
      version: Number(r.version),
      name: String(r.name),
    }));
  const all = SQL_MIGRATIONS.map(({ version, name }) => ({ version, name }));
  const exists = async (p: Place, table: string) =>
    (await p.rows('SELECT to_regclass($1)::text AS t', [table]))[0]?.t !== null;
  const hasRequester = async (p: Place) =>
    (
      await p.rows(
        "SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'trc_previews' AND column_name = 'requester_ref'",
        [p.schema],
      )
    ).length === 1;
  const behind = (p: Place, missing_version: number, recorded: number[]) =>
    expect.objectContaining({
      name: 'SqlSchemaBehindError',
      at: `${p.schema}.trc_schema_versions`,
      missing_version,
      versions: recorded,
      message: expect.stringContaining(
        `lacks migration ${missing_version} (${SQL_MIGRATIONS[missing_version - 1]!.name})`,
      ),
    });

  describe(`migrations: ${name}`, () => {
    inPlace('an empty schema: migrate: false refuses, naming migration 1, and creates nothing', async (p) => {
      const refused = await sqlStore(p.db, { migrate: false }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SqlSchemaBehindError);
      expect(refused).toEqual(behind(p, 1, []));
      const tables = await p.rows('SELECT tablename FROM pg_tables WHERE schemaname = $1', [p.schema]);
      expect(tables).toEqual([]);
      // Then migrated, in the one statement that opens it; opened again, nothing is applied twice.
      const store = await sqlStore(p.db);
      expect(store.roundTrips()).toBe(1);
      expect(await versions(p)).toEqual(all);
      const made = await p.rows('SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1', [p.schema]);
      expect(made[0]?.n).toBe(SQL_TABLES.length);
      await sqlStore(p.db);
      expect(await versions(p)).toEqual(all);
      const checked = await sqlStore(p.db, { migrate: false });
      expect(checked.roundTrips()).toBe(1);
      expect(await checked.head()).toEqual({ size: 0, head_chain_sha256: '0'.repeat(64) });
    });

    inPlace(
      'a database made before migrations were recorded (migration 1 alone) is upgraded: its rows kept, 1 and 2 recorded',
      async (p) => {
        // What sqlStore made before migrations: migration 1's text, no versions table.
        await p.exec(SQL_MIGRATIONS[0]!.sql);
        await p.exec(`INSERT INTO trc_previews VALUES ('${'1'.repeat(64)}', '${REQUEST}', 'issue_refund', 5000)`);
        await p.exec(`UPDATE trc_audit_head SET size = 0, head_chain_sha256 = '${'0'.repeat(64)}'`);
        expect(await sqlStore(p.db, { migrate: false }).catch((e: unknown) => e)).toEqual(behind(p, 1, []));
        expect(await exists(p, 'trc_schema_versions')).toBe(false);
        expect(await hasRequester(p)).toBe(false);

        const store = await sqlStore(p.db);
        expect(await versions(p)).toEqual(all);
        expect(await hasRequester(p)).toBe(true);
        // The preview kept from before: its requester unknown (approve refuses it as requester_unknown).
        const old = { preview_sha256: '1'.repeat(64), request_sha256: REQUEST, tool: 'issue_refund', expires_at: 5000 };
        expect(await store.readPreview(old.preview_sha256)).toEqual({ ...old, requester_ref: null });
        expect(await store.pendingPreview(REQUEST, 4999)).toEqual({ ...old, requester_ref: null });
        const fresh = { ...old, preview_sha256: '2'.repeat(64), expires_at: 9000, requester_ref: PRINCIPAL_REF };
        await store.savePreview(fresh);
        expect(await store.pendingPreview(REQUEST, 4999)).toEqual(fresh);
        expect((await sqlStore(p.db, { migrate: false })).roundTrips()).toBe(1);
      },
    );

    inPlace(
      'a database at version 1: migrate: false names migration 2 and changes nothing; sqlStore upgrades it',
      async (p) => {
        await p.exec(migrateSql(SQL_MIGRATIONS.slice(0, 1)));
        expect(await versions(p)).toEqual(all.slice(0, 1));
        const refused = await sqlStore(p.db, { migrate: false }).catch((e: unknown) => e);
        expect(refused).toEqual(behind(p, 2, [1]));
        expect(await versions(p)).toEqual(all.slice(0, 1));
        expect(await hasRequester(p)).toBe(false);
        await sqlStore(p.db);
        expect(await versions(p)).toEqual(all);
        expect(await hasRequester(p)).toBe(true);
      },
    );
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
  migrationSuite('sqlStore(PGlite)', async () => {
    const schema = `trc_mig_${run}_${++schemas}`;
    // One connection: the search_path set here is the one the store and the test both use.
    await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
    return {
      db,
      schema,
      exec: async (sql) => void (await db.exec(sql)),
      rows: async (sql, params) => (await db.query<Row>(sql, params)).rows,
      dispose: async () => void (await db.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE`)),
    };
  });
});

const url = process.env.TOOL_RESULT_PG_URL;
if (url === undefined || url === '')
  console.warn(
    '[migrations] the PostgreSQL server tests skip: TOOL_RESULT_PG_URL is not set (see docs/control-stores.md).',
  );

describe.skipIf(url === undefined || url === '')('PostgreSQL server (TOOL_RESULT_PG_URL)', () => {
  let admin: pg.Pool;
  beforeAll(() => {
    admin = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await admin?.end();
  });
  migrationSuite('sqlStore(pg.Pool)', async () => {
    const schema = `trc_mig_${run}_${++schemas}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
    return {
      db: pool,
      schema,
      exec: async (sql) => void (await pool.query(sql)),
      rows: async (sql, params) => (await pool.query(sql, params)).rows as Row[],
      dispose: async () => {
        await pool.end();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      },
    };
  });
});
