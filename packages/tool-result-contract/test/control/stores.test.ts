/**
 * The store conformance suite on each implementation (docs/control-stores.md):
 * the memory store; PGlite in memory; and a PostgreSQL server when
 * TOOL_RESULT_PG_URL names one (`.ci/run` starts one with scripts/postgres.sh).
 * Each test gets an empty store: a new schema, so that one PGlite instance
 * (seconds to start) serves the whole file and parallel runs on one server
 * never meet.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGlite as PGlite06 } from 'pglite-0.6';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/control/memoryStore.ts';
import { SQL_TABLES } from '../../src/control/sqlSchema.ts';
import { sqlStore } from '../../src/control/sqlStore.ts';
import { storeConformance } from './storeConformance.ts';
import type { StoreHarness } from './storeFixtures.ts';

storeConformance('memoryStore', async () => ({
  store: memoryStore(),
  peer: null,
  storage: null,
  dispose: async () => {},
}));

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The tables' columns and every row, read straight from the schema the store was made in. */
function storageOf(
  query: Query,
  script: (sql: string) => Promise<unknown>,
  schema: string,
): NonNullable<StoreHarness['storage']> {
  return {
    async exec(sql) {
      // set_config(…, true) lasts for the implicit transaction of this one message only.
      await script(`SELECT set_config('search_path', '${schema}', true); ${sql}`);
    },
    async columns() {
      const { rows } = await query(
        'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = ANY($2)',
        [schema, [...SQL_TABLES]],
      );
      return rows.map((r) => String(r.column_name));
    },
    async dump() {
      const parts = [];
      for (const table of SQL_TABLES) {
        const { rows } = await query(`SELECT row_to_json(t)::text AS row FROM "${schema}".${table} t`);
        parts.push(...rows.map((r) => String(r.row)));
      }
      return parts.join('\n');
    },
  };
}

const run = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let schemas = 0;

/** What the suite uses of a PGlite instance, in both the version CI installs and the next minor (0.6, aliased). */
type Embedded = Pick<PGlite, 'exec' | 'query' | 'close' | 'waitReady'>;

/** Each PGlite version in the peer range runs the whole suite: its WASM build and its driver are what changed. */
for (const [version, make] of [
  ['0.5', () => new PGlite()],
  ['0.6', () => new PGlite06() as unknown as Embedded],
] as const)
  describe(`PGlite ${version} in memory`, () => {
    let db: Embedded;
    beforeAll(async () => {
      db = make();
      await db.waitReady;
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });
    storeConformance(`sqlStore(PGlite ${version})`, async () => {
      const schema = `trc_test_${run}_${++schemas}`;
      // One connection: the search_path set here is the one every store below sees.
      await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
      return {
        store: await sqlStore(db),
        peer: () => sqlStore(db),
        storage: storageOf(
          (sql, params) => db.query(sql, params),
          (sql) => db.exec(sql),
          schema,
        ),
        dispose: () => db.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE`).then(() => undefined),
      };
    });
  });

const url = process.env.TOOL_RESULT_PG_URL;
if (url === undefined || url === '') {
  console.warn(
    '[stores] the PostgreSQL server tests skip: TOOL_RESULT_PG_URL is not set. ' +
      'Start a throwaway server with `export TOOL_RESULT_PG_URL=$(scripts/postgres.sh start)` ' +
      '(stop it with scripts/postgres.sh stop); see docs/control-stores.md.',
  );
}

describe.skipIf(url === undefined || url === '')('PostgreSQL server (TOOL_RESULT_PG_URL)', () => {
  let admin: pg.Pool;
  beforeAll(() => {
    admin = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await admin?.end();
  });

  it('processes that start at once on an empty schema all get the tables, made once', async () => {
    const schema = `trc_test_${run}_${++schemas}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    const pools = Array.from(
      { length: 6 },
      () => new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` }),
    );
    try {
      const stores = await Promise.all(pools.map((p) => sqlStore(p)));
      const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1', [schema]);
      expect(rows[0].n).toBe(SQL_TABLES.length);
      expect(await Promise.all(stores.map((s) => s.head()))).toEqual(
        stores.map(() => ({ size: 0, head_chain_sha256: '0'.repeat(64) })),
      );
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    }
  });

  storeConformance('sqlStore(pg.Pool)', async () => {
    const schema = `trc_test_${run}_${++schemas}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    // Each pool is one dispatcher process: its own connections, the schema first on their search_path.
    const pools: pg.Pool[] = [];
    const open = () => {
      const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 8 });
      pools.push(pool);
      return sqlStore(pool);
    };
    return {
      store: await open(),
      peer: open,
      storage: storageOf(
        (sql, params) => admin.query(sql, params),
        (sql) => admin.query(sql),
        schema,
      ),
      dispose: async () => {
        await Promise.all(pools.map((p) => p.end()));
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      },
    };
  });
});
