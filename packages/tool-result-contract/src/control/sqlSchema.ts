/**
 * How `sqlStore(db)` brings a database to the schema of SQL_MIGRATIONS
 * (docs/control-stores.md#migrations), and how it reads what a database has.
 *
 * The migration script is sent as one simple-query message, which PostgreSQL
 * runs as one implicit transaction: the advisory lock taken first is held to
 * its end, so processes that start at once migrate one after the other, and
 * each finds the versions the one before it recorded. Each migration runs only
 * when its version is not recorded, and is recorded in the same transaction:
 * a failure leaves neither. No explicit BEGIN: a failure mid-text must not
 * leave a pooled connection inside an aborted transaction.
 */
import { SQL_MIGRATIONS, type SqlMigration } from './sqlMigrations.ts';

/** One lock id for every trc_ schema: any constant all processes agree on; this one spells "trc_sql\0". */
const SCHEMA_LOCK = 8390878317354511360n;

/** The dollar quotes the script wraps a migration in: a migration must not contain them. */
const QUOTES = ['$trc_migrate$', '$trc_migration$', '$trc_name$'] as const;

function applyOnce(m: SqlMigration): string {
  if (!Number.isSafeInteger(m.version) || m.version < 1) throw new Error(`migration ${m.version}: not a version`);
  for (const q of QUOTES)
    if (m.sql.includes(q) || m.name.includes(q)) throw new Error(`migration ${m.version} contains ${q}`);
  return `
DO $trc_migrate$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM trc_schema_versions WHERE version = ${m.version}) THEN
    EXECUTE $trc_migration$${m.sql}$trc_migration$;
    INSERT INTO trc_schema_versions (version, name) VALUES (${m.version}, $trc_name$${m.name}$trc_name$);
  END IF;
END $trc_migrate$;`;
}

/**
 * The versions table, then every migration the database has not recorded, in
 * order, then the audit head (the last statement's row): one round trip.
 * Exported with its migrations as a parameter so that a test can make a
 * database that stops at an earlier version.
 */
export function migrateSql(migrations: readonly SqlMigration[]): string {
  return `
SELECT pg_advisory_xact_lock(${SCHEMA_LOCK});
CREATE TABLE IF NOT EXISTS trc_schema_versions (version integer PRIMARY KEY, name text NOT NULL);
${migrations.map(applyOnce).join('\n')}
SELECT size, head_chain_sha256 FROM trc_audit_head WHERE id = 1;
`;
}

export const MIGRATE_SQL = migrateSql(SQL_MIGRATIONS);

/**
 * `migrate: false`: the versions recorded and the audit head, one statement
 * that changes nothing. It fails with undefined_table (42P01) on a database
 * that has no versions table, or no head.
 */
export const READ_SCHEMA_SQL =
  "SELECT (SELECT coalesce(json_agg(version ORDER BY version), '[]')::text FROM trc_schema_versions) AS versions, " +
  'size, head_chain_sha256 FROM trc_audit_head WHERE id = 1';

/** The store's tables, for a test that looks at every column. */
export const SQL_TABLES = [
  'trc_records',
  'trc_audit_entries',
  'trc_audit_head',
  'trc_previews',
  'trc_approvals',
  'trc_seen_values',
  'trc_schema_versions',
] as const;
