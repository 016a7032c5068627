/**
 * The store in PostgreSQL (docs/control-stores.md): PGlite in process, or a
 * server that several dispatcher processes share through node-postgres. The
 * same SQL for both; the caller opens the database and passes it in, so that
 * neither driver is ever imported here (both are optional peer dependencies
 * and stay out of the page's bundle).
 *
 * Round trips: each operation is one statement (opening it too, whether it
 * migrates or only checks), except an append whose cached
 * audit head another process has moved, which sends its commit again with the
 * link recomputed for the head it was told (one more per append that lost).
 */
import type { JsonValue } from '../core/index.ts';
import { MIGRATE_SQL, READ_SCHEMA_SQL } from './sqlSchema.ts';
import { SQL_MIGRATIONS } from './sqlMigrations.ts';
import { ControlPlaneConfigError, SqlSchemaBehindError } from './controlPlaneErrors.ts';
import { readAuditJson } from './auditRead.ts';
import type {
  AuditDraft,
  AuditEntry,
  AuditHead,
  ChainLink,
  ClaimResult,
  IdempotencyRecord,
  RecordChange,
  Store,
  StoredApproval,
  StoredPreview,
} from './store.ts';

type Row = Record<string, unknown>;

/**
 * What the store uses of a PGlite instance and of a node-postgres Pool,
 * written out rather than imported: the package's types must not name a
 * driver an engineer who uses the other one (or neither) has not installed.
 * test/control/stores.test.ts passes the real ones.
 */
export interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<{ rows: Record<string, unknown>[] }[]>;
}
export interface PoolLike {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** A PGlite instance (in memory or in a directory) or a node-postgres Pool; the caller keeps and closes it. */
export type SqlDatabase = PgliteLike | PoolLike;

interface Driver {
  kind: 'pglite' | 'postgres';
  query(sql: string, params: unknown[]): Promise<Row[]>;
  /** Several statements in one simple-query message; the rows of the last. */
  script(sql: string): Promise<Row[]>;
}

function driverFor(db: SqlDatabase): Driver {
  // PGlite has `exec` for scripts; a Pool runs a parameterless multi-statement text through `query`.
  if ('exec' in db && typeof db.exec === 'function') {
    const pglite = db as PgliteLike;
    return {
      kind: 'pglite',
      query: async (sql, params) => (await pglite.query<Row>(sql, params)).rows,
      script: async (sql) => (await pglite.exec(sql)).at(-1)?.rows ?? [],
    };
  }
  const pool = db as PoolLike;
  return {
    kind: 'postgres',
    query: async (sql, params) => ((await pool.query(sql, params)) as { rows: Row[] }).rows,
    script: async (sql) => {
      const results: unknown = await pool.query(sql);
      const last = Array.isArray(results) ? results.at(-1) : results;
      return (last as { rows?: Row[] } | undefined)?.rows ?? [];
    },
  };
}

/** node-postgres gives bigint as a string, PGlite as a number; both are ms well inside 2^53. */
const ms = (value: unknown): number => Number(value);

/** A record as `row_to_json` gives it: its handler output is still the JSON text the store keeps. */
function recordOf(row: Row | null | undefined): IdempotencyRecord | null {
  if (row === null || row === undefined) return null;
  const output = row.handler_output;
  return {
    principal_ref: String(row.principal_ref),
    idempotency_key: String(row.idempotency_key),
    fingerprint: String(row.fingerprint),
    tool: String(row.tool),
    state: row.state as IdempotencyRecord['state'],
    token: String(row.token),
    lease_until: ms(row.lease_until),
    operation_id: String(row.operation_id),
    handler_output: typeof output === 'string' ? (JSON.parse(output) as JsonValue) : null,
    created_at: ms(row.created_at),
    updated_at: ms(row.updated_at),
    expires_at: ms(row.expires_at),
  };
}

/**
 * The columns are text, so a member named twice is kept as it was written: read strictly, as
 * `audit verify` reads them (auditRead.ts), since JSON.parse would keep the last and hide the first.
 */
function entryOf(row: Row): AuditEntry {
  const seq = ms(row.seq);
  return {
    seq,
    at: String(row.at),
    protected_audit: readAuditJson(
      seq,
      'protected_audit',
      String(row.protected_audit),
    ) as unknown as AuditEntry['protected_audit'],
    attempts: readAuditJson(seq, 'attempts', String(row.attempts)) as unknown as AuditEntry['attempts'],
    prev_chain_sha256: String(row.prev_chain_sha256),
    chain_sha256: String(row.chain_sha256),
  };
}

const headOf = (row: Row | undefined): AuditHead => ({
  size: ms(row?.size),
  head_chain_sha256: String(row?.head_chain_sha256),
});

const MAX_APPEND_TRIES = 64;

function previewOf(row: Row | undefined): StoredPreview | null {
  if (row === undefined) return null;
  return {
    preview_sha256: String(row.preview_sha256),
    request_sha256: String(row.request_sha256),
    tool: String(row.tool),
    expires_at: ms(row.expires_at),
    requester_ref: typeof row.requester_ref === 'string' ? row.requester_ref : null,
  };
}

/**
 * `migrate: false`: the versions the database records must include every one
 * of SQL_MIGRATIONS, or nothing is used. One statement, which changes nothing;
 * a database with no versions table records none.
 */
async function checkedHead(query: (sql: string, params: unknown[]) => Promise<Row[]>): Promise<AuditHead> {
  let row: Row | undefined;
  try {
    row = (await query(READ_SCHEMA_SQL, []))[0];
  } catch (e) {
    if ((e as { code?: unknown } | null)?.code !== UNDEFINED_TABLE) throw e;
  }
  const versions = row === undefined ? [] : (JSON.parse(String(row.versions)) as number[]);
  const missing = SQL_MIGRATIONS.find((m) => !versions.includes(m.version));
  if (missing === undefined && row !== undefined) return headOf(row);
  const schema = String((await query('SELECT current_schema() AS schema', []))[0]?.schema);
  const first = missing ?? SQL_MIGRATIONS[0]!;
  throw new SqlSchemaBehindError(`${schema}.trc_schema_versions`, first.version, first.name, versions);
}

/** PostgreSQL's SQLSTATE for a table that does not exist. */
const UNDEFINED_TABLE = '42P01';

const CLAIM_SQL =
  'SELECT trc_claim($1::text, $2::text, $3::text, $4::text, $5::text, $6::text, ' +
  '$7::bigint, $8::bigint, $9::bigint, $10::text, $11::text) AS answer';
const COMMIT_SQL =
  'SELECT trc_commit($1::text, $2::text, $3::text, $4::text, $5::bigint, $6::text, $7::text, $8::text, ' +
  '$9::bigint, $10::bigint, $11::text, $12::text, $13::text, $14::text, $15::text, $16::bigint) AS answer';
const READ_SQL =
  'SELECT row_to_json(r)::text AS record FROM trc_records r WHERE r.principal_ref = $1 AND r.idempotency_key = $2';
const ENTRIES_SQL =
  'SELECT seq, at, protected_audit, attempts, prev_chain_sha256, chain_sha256 FROM trc_audit_entries ' +
  'WHERE seq >= $1::bigint AND ($2::bigint IS NULL OR seq <= $2::bigint) ORDER BY seq';
const SAVE_PREVIEW_SQL =
  'INSERT INTO trc_previews (preview_sha256, request_sha256, tool, expires_at, requester_ref) ' +
  'VALUES ($1, $2, $3, $4::bigint, $5) ON CONFLICT (preview_sha256) DO NOTHING';
// COLLATE "C": digests compare byte by byte, as the memory store compares them, whatever the database's collation.
const PENDING_PREVIEW_SQL =
  'SELECT * FROM trc_previews WHERE request_sha256 = $1 AND expires_at > $2::bigint ' +
  'ORDER BY expires_at DESC, preview_sha256 COLLATE "C" DESC LIMIT 1';
const PRUNE_SQL = `WITH r AS (DELETE FROM trc_records WHERE expires_at <= $1::bigint RETURNING 1),
  p AS (DELETE FROM trc_previews WHERE expires_at <= $1::bigint RETURNING 1),
  a AS (DELETE FROM trc_approvals WHERE expires_at_ms <= $1::bigint RETURNING 1),
  v AS (DELETE FROM trc_seen_values WHERE expires_at <= $1::bigint RETURNING 1)
SELECT (SELECT count(*) FROM r) AS records, (SELECT count(*) FROM p) AS previews, (SELECT count(*) FROM a) AS approvals,
  (SELECT count(*) FROM v) AS seen_values`;
// The values travel as one JSON text: the same parameter for PGlite and node-postgres, whatever their array codecs.
const NOTE_VALUES_SQL =
  'INSERT INTO trc_seen_values ' +
  'SELECT $1, $2, v.digest, v.trust, v.tool, v.operation_id, $4::bigint ' +
  'FROM json_to_recordset($3::json) AS v(digest text, trust text, tool text, operation_id text) ' +
  'ON CONFLICT (principal_ref, conversation_ref, digest, trust) ' +
  'DO UPDATE SET expires_at = GREATEST(trc_seen_values.expires_at, EXCLUDED.expires_at)';
const SEEN_VALUES_SQL =
  'SELECT digest, trust, tool, operation_id FROM trc_seen_values ' +
  'WHERE principal_ref = $1 AND conversation_ref = $2 AND expires_at > $4::bigint ' +
  'AND digest IN (SELECT json_array_elements_text($3::json))';

export interface SqlStoreOptions {
  /**
   * true (the default): apply the migrations the database has not recorded (docs/control-stores.md#migrations).
   * false: apply nothing, and refuse a database that lacks one with a SqlSchemaBehindError, for a deployment
   * whose processes may not change the schema.
   */
  migrate?: boolean;
}

/**
 * Brings the `trc_` schema in the first schema of the connection's
 * search_path up to SQL_MIGRATIONS, applying the migrations it has not
 * recorded (any number of processes may do this at once), then returns the
 * store; with `migrate: false` it only checks them. `close()` closes nothing:
 * the database is the caller's, opened and ended by the caller.
 *
 * @example
 * ```ts
 * const store = await sqlStore(db); // applies the migrations it lacks; every process shares it
 * const shared = createControlPlane({ dispatcher, store, runtimes, authorize });
 * ```
 */
export async function sqlStore(db: SqlDatabase, options: SqlStoreOptions = {}): Promise<Store> {
  const migrate = options?.migrate ?? true;
  if (typeof migrate !== 'boolean')
    throw new ControlPlaneConfigError('sqlStore.options.migrate', 'must be true, false or absent');
  const driver = driverFor(db);
  let trips = 0;
  const query = (sql: string, params: unknown[]): Promise<Row[]> => {
    trips += 1;
    return driver.query(sql, params);
  };
  // The head this process last saw: an append is sent linked to it, and told the real one when another moved it.
  let head: AuditHead;
  if (migrate) {
    trips += 1;
    head = headOf((await driver.script(MIGRATE_SQL))[0]);
  } else head = await checkedHead(query);

  async function answer(sql: string, params: unknown[]): Promise<Row> {
    const rows = await query(sql, params);
    return JSON.parse(String(rows[0]?.answer)) as Row;
  }

  async function commitOnce(
    change: RecordChange | null,
    link: { seq: number; prev: string; chain: string; at: string; audit: string; attempts: string } | null,
  ): Promise<Row> {
    const c = change?.change;
    return answer(COMMIT_SQL, [
      change?.principal_ref ?? null,
      change?.idempotency_key ?? null,
      change?.token ?? null,
      change?.from ?? null,
      change?.now ?? null,
      c?.kind ?? null,
      c?.kind === 'complete' ? JSON.stringify(c.handler_output) : null,
      c?.kind === 'unknown' ? c.next_token : null,
      c?.kind === 'complete' || c?.kind === 'unknown' ? c.expires_at : null,
      link?.seq ?? null,
      link?.prev ?? null,
      link?.chain ?? null,
      link?.at ?? null,
      link?.audit ?? null,
      link?.attempts ?? null,
      c?.kind === 'unknown' ? (c.lease_until ?? null) : null,
    ]);
  }

  // Appends from this process go one at a time, so that each is sent linked to the head the one before it left;
  // appends from other processes are what the 'stale' answer is for.
  let appending: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    const run = appending.then(task, task);
    appending = run.catch(() => undefined);
    return run;
  }

  async function append(change: RecordChange | null, draft: AuditDraft, link: ChainLink) {
    // Stored as the text that was linked, and the link sees that text parsed back: exactly what entries() returns.
    const audit = JSON.stringify(draft.protected_audit);
    const attempts = JSON.stringify(draft.attempts);
    const stored = (): AuditDraft => ({
      at: draft.at,
      protected_audit: JSON.parse(audit) as AuditDraft['protected_audit'],
      attempts: JSON.parse(attempts) as AuditDraft['attempts'],
    });
    // Each 'stale' means another process appended; a head that never settles is a broken database, not contention.
    for (let tries = 0; tries < MAX_APPEND_TRIES; tries += 1) {
      const seq = head.size + 1;
      const prev = head.head_chain_sha256;
      // A link that throws does so before anything is sent: the record and the log stay as they were.
      const chain = link(stored(), seq, prev);
      const res = await commitOnce(change, { seq, prev, chain, at: draft.at, audit, attempts });
      if (res.status === 'stale') {
        head = headOf(res);
        continue;
      }
      if (res.status === 'refused') return { ok: false as const, record: recordOf(res.record as Row | null) };
      head = { size: seq, head_chain_sha256: chain };
      const entry: AuditEntry = { seq, ...stored(), prev_chain_sha256: prev, chain_sha256: chain };
      return { ok: true as const, entry };
    }
    throw new Error(`the audit head moved under each of ${MAX_APPEND_TRIES} appends: nothing was written`);
  }

  return {
    kind: driver.kind,

    async read(scope) {
      const rows = await query(READ_SQL, [scope.principal_ref, scope.idempotency_key]);
      const text = rows[0]?.record;
      return typeof text === 'string' ? recordOf(JSON.parse(text) as Row) : null;
    },

    async claim(claim): Promise<ClaimResult> {
      const res = await answer(CLAIM_SQL, [
        claim.principal_ref,
        claim.idempotency_key,
        claim.fingerprint,
        claim.tool,
        claim.operation_id,
        claim.token,
        claim.now,
        claim.lease_until,
        claim.expires_at,
        claim.replaces ?? null,
        claim.approval_id ?? null,
      ]);
      if (res.outcome === 'approval_spent') return { outcome: 'approval_spent' };
      const record = recordOf(res.record as Row | null);
      if (res.outcome === 'won' && record !== null) return { outcome: 'won', record };
      return { outcome: 'held', record };
    },

    async commit(change, draft, chainLink) {
      if (draft === null) {
        if (change === null) return { ok: true, entry: null };
        const res = await commitOnce(change, null);
        if (res.status === 'refused') return { ok: false, record: recordOf(res.record as Row | null) };
        return { ok: true, entry: null };
      }
      return oneAtATime(() => append(change, draft, chainLink));
    },

    async savePreview(preview: StoredPreview) {
      // The key is the preview's own digest: the same key is the same preview, so a second save changes nothing.
      await query(SAVE_PREVIEW_SQL, [
        preview.preview_sha256,
        preview.request_sha256,
        preview.tool,
        preview.expires_at,
        preview.requester_ref,
      ]);
    },

    async readPreview(preview_sha256) {
      return previewOf((await query('SELECT * FROM trc_previews WHERE preview_sha256 = $1', [preview_sha256]))[0]);
    },

    async pendingPreview(request_sha256, now) {
      return previewOf((await query(PENDING_PREVIEW_SQL, [request_sha256, now]))[0]);
    },

    async saveApproval(approval: StoredApproval) {
      // A plain INSERT: a second save of the same id fails on the key instead of resetting `used`.
      await query('INSERT INTO trc_approvals VALUES ($1, $2, $3, $4, $5, $6::bigint, $7)', [
        approval.approval_id,
        approval.request_sha256,
        approval.tool,
        approval.approver_ref,
        approval.expires_at,
        approval.expires_at_ms,
        approval.used,
      ]);
    },

    async readApproval(approval_id) {
      const rows = await query('SELECT * FROM trc_approvals WHERE approval_id = $1', [approval_id]);
      const row = rows[0];
      if (row === undefined) return null;
      return {
        approval_id: String(row.approval_id),
        request_sha256: String(row.request_sha256),
        tool: String(row.tool),
        approver_ref: String(row.approver_ref),
        expires_at: String(row.expires_at),
        expires_at_ms: ms(row.expires_at_ms),
        used: row.used === true,
      };
    },

    async noteValues(scope, values, expires_at) {
      // One row per digest and trust: an INSERT … ON CONFLICT may not touch one row twice.
      const once = new Map(values.map((v) => [`${v.trust} ${v.digest}`, v]));
      if (once.size === 0) return;
      const rows = Array.from(once.values(), ({ digest, trust, tool, operation_id }) => ({
        digest,
        trust,
        tool,
        operation_id,
      }));
      await query(NOTE_VALUES_SQL, [scope.principal_ref, scope.conversation_ref, JSON.stringify(rows), expires_at]);
    },

    async seenValues(scope, digests, now) {
      if (digests.length === 0) return [];
      const rows = await query(SEEN_VALUES_SQL, [
        scope.principal_ref,
        scope.conversation_ref,
        JSON.stringify([...new Set(digests)]),
        now,
      ]);
      return rows.map((r) => ({
        digest: String(r.digest),
        trust: r.trust === 'trusted' ? ('trusted' as const) : ('untrusted' as const),
        tool: typeof r.tool === 'string' ? r.tool : null,
        operation_id: typeof r.operation_id === 'string' ? r.operation_id : null,
      }));
    },

    async entries(from = 1, to) {
      return (await query(ENTRIES_SQL, [from, to ?? null])).map(entryOf);
    },

    async head() {
      const rows = await query('SELECT size, head_chain_sha256 FROM trc_audit_head WHERE id = 1', []);
      const seen = headOf(rows[0]);
      // Only ever forward: an append of this process may have landed after this read was answered.
      if (seen.size > head.size) head = seen;
      return seen;
    },

    async prune(now) {
      const rows = await query(PRUNE_SQL, [now]);
      return ms(rows[0]?.records);
    },

    roundTrips: () => trips,

    async close() {},
  };
}
