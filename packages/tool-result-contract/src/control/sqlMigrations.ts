/**
 * The SQL store's schema as versioned migrations (docs/control-stores.md#migrations),
 * one text each for PGlite and for a PostgreSQL server. `sqlStore(db)` applies
 * the ones a database lacks, in order, under one advisory lock, and records each
 * in `trc_schema_versions`; `sqlStore(db, { migrate: false })` applies none and
 * refuses a database that lacks one. They are exported so that a deployment
 * that migrates by its own tool can apply the same texts.
 *
 * A released migration never changes: a database that recorded it will not run
 * it again, so an edit would reach new databases only. A change, to a table or
 * to trc_claim or trc_commit, is a new migration at the end (test/control/sqlMigrations.test.ts
 * pins the released texts). A function whose parameters change is a new
 * overload in PostgreSQL: its migration drops the old signature first.
 *
 * Migration 1 is the schema as it was before migrations were recorded, with
 * IF NOT EXISTS throughout, so a database made then adopts it unchanged and is
 * then upgraded from 2 on. Times are bigint milliseconds of the plane's clock,
 * never `now()`: the database's clock plays no part, so a virtual clock drives
 * the SQL store too. JSON is kept as text, never jsonb: jsonb reorders keys and
 * drops duplicates, and an audit entry must come back exactly as it was linked.
 */
import { GENESIS_CHAIN_SHA256 } from './store.ts';

export interface SqlMigration {
  /** 1, 2, 3…: applied in this order, each once. */
  readonly version: number;
  /** What it does, recorded beside its version. */
  readonly name: string;
  readonly sql: string;
}

const claimFunction = `
CREATE OR REPLACE FUNCTION trc_claim(
  p_principal_ref text, p_idempotency_key text, p_fingerprint text, p_tool text, p_operation_id text,
  p_token text, p_now bigint, p_lease_until bigint, p_expires_at bigint, p_replaces text, p_approval_id text
) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  won trc_records;
  held trc_records;
BEGIN
  -- The plane claims before it has read (a claim that loses is its look-up), so most claims of a used key lose:
  -- a plain read answers those without the row lock and transaction id that ON CONFLICT would take. A record
  -- that is missing, expired or the named takeover falls through to the statement that decides the race.
  SELECT * INTO held FROM trc_records r
   WHERE r.principal_ref = p_principal_ref AND r.idempotency_key = p_idempotency_key;
  IF FOUND AND held.expires_at > p_now
     AND NOT (p_replaces IS NOT NULL AND held.token = p_replaces AND held.state = 'started' AND held.lease_until <= p_now
              AND held.fingerprint = p_fingerprint) THEN
    RETURN json_build_object('outcome', 'held', 'record', row_to_json(held))::text;
  END IF;
  BEGIN
    -- One statement decides the race: the unique key makes concurrent claims wait for each other,
    -- and the WHERE lets an expired record or the named takeover be overwritten, nothing else.
    INSERT INTO trc_records AS r VALUES (
      p_principal_ref, p_idempotency_key, p_fingerprint, p_tool, 'started', p_token,
      p_lease_until, p_operation_id, NULL, p_now, p_now, p_expires_at)
    ON CONFLICT (principal_ref, idempotency_key) DO UPDATE SET
      fingerprint = EXCLUDED.fingerprint, tool = EXCLUDED.tool, state = 'started', token = EXCLUDED.token,
      lease_until = EXCLUDED.lease_until, operation_id = EXCLUDED.operation_id, handler_output = NULL,
      created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at
    WHERE r.expires_at <= p_now
       OR (r.token = p_replaces AND r.state = 'started' AND r.lease_until <= p_now AND r.fingerprint = p_fingerprint)
    RETURNING * INTO won;
    IF NOT FOUND THEN
      -- ON CONFLICT locked the row it did not update, so it is still there to be read.
      SELECT * INTO held FROM trc_records r
       WHERE r.principal_ref = p_principal_ref AND r.idempotency_key = p_idempotency_key;
      RETURN json_build_object('outcome', 'held', 'record', CASE WHEN FOUND THEN row_to_json(held) END)::text;
    END IF;
    IF p_approval_id IS NOT NULL THEN
      UPDATE trc_approvals a SET used = true
       WHERE a.approval_id = p_approval_id AND NOT a.used
         AND a.request_sha256 = p_fingerprint AND a.expires_at_ms > p_now;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'approval spent' USING ERRCODE = 'TRC01';
      END IF;
    END IF;
  EXCEPTION WHEN SQLSTATE 'TRC01' THEN
    -- Leaving the block rolls the claim back: a claim never wins on a spent approval.
    RETURN '{"outcome":"approval_spent"}';
  END;
  RETURN json_build_object('outcome', 'won', 'record', row_to_json(won))::text;
END
$fn$;`;

const commitFunction = `
CREATE OR REPLACE FUNCTION trc_commit(
  p_principal_ref text, p_idempotency_key text, p_token text, p_from text, p_now bigint,
  p_kind text, p_handler_output text, p_next_token text, p_expires_at bigint,
  p_seq bigint, p_prev text, p_chain text, p_at text, p_protected_audit text, p_attempts text
) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  h trc_audit_head;
  cur trc_records;
BEGIN
  IF p_seq IS NOT NULL THEN
    -- The head row is the one order of the log: every append waits here for the one before it.
    -- It is locked before the record, by every caller, so two commits never wait on each other in a circle.
    SELECT * INTO h FROM trc_audit_head WHERE id = 1 FOR UPDATE;
    IF h.size <> p_seq - 1 OR h.head_chain_sha256 <> p_prev THEN
      RETURN json_build_object('status', 'stale', 'size', h.size, 'head_chain_sha256', h.head_chain_sha256)::text;
    END IF;
  END IF;
  IF p_kind IS NOT NULL THEN
    SELECT * INTO cur FROM trc_records r
     WHERE r.principal_ref = p_principal_ref AND r.idempotency_key = p_idempotency_key FOR UPDATE;
    IF NOT FOUND THEN
      RETURN '{"status":"refused","record":null}';
    END IF;
    -- Marking unknown needs no running lease: it is how a lease that ran out is fenced off.
    IF cur.token <> p_token OR cur.state <> p_from
       OR (p_from = 'started' AND p_kind <> 'unknown' AND cur.lease_until <= p_now) THEN
      RETURN json_build_object('status', 'refused', 'record', row_to_json(cur))::text;
    END IF;
    IF p_kind = 'complete' THEN
      UPDATE trc_records r SET state = 'completed', handler_output = p_handler_output,
             updated_at = p_now, expires_at = p_expires_at
       WHERE r.principal_ref = p_principal_ref AND r.idempotency_key = p_idempotency_key;
    ELSIF p_kind = 'unknown' THEN
      UPDATE trc_records r SET state = 'unknown', token = p_next_token, handler_output = NULL,
             updated_at = p_now, expires_at = p_expires_at
       WHERE r.principal_ref = p_principal_ref AND r.idempotency_key = p_idempotency_key;
    ELSIF p_kind = 'release' THEN
      DELETE FROM trc_records r
       WHERE r.principal_ref = p_principal_ref AND r.idempotency_key = p_idempotency_key;
    END IF;
  END IF;
  IF p_seq IS NOT NULL THEN
    INSERT INTO trc_audit_entries VALUES (p_seq, p_at, p_protected_audit, p_attempts, p_prev, p_chain);
    UPDATE trc_audit_head SET size = p_seq, head_chain_sha256 = p_chain WHERE id = 1;
  END IF;
  RETURN '{"status":"ok"}';
END
$fn$;`;

/**
 * The tables and the two functions. No column holds a raw tenant, subject,
 * argument or key: the records are scoped by `principal_ref`.
 */
const tablesAndFunctions = `
CREATE TABLE IF NOT EXISTS trc_records (
  principal_ref text NOT NULL,
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  tool text NOT NULL,
  state text NOT NULL CHECK (state IN ('started', 'completed', 'unknown')),
  token text NOT NULL,
  lease_until bigint NOT NULL,
  operation_id text NOT NULL,
  handler_output text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (principal_ref, idempotency_key)
);
CREATE INDEX IF NOT EXISTS trc_records_expires_at ON trc_records (expires_at);
CREATE TABLE IF NOT EXISTS trc_audit_entries (
  seq bigint PRIMARY KEY CHECK (seq >= 1),
  at text NOT NULL,
  protected_audit text NOT NULL,
  attempts text NOT NULL,
  prev_chain_sha256 text NOT NULL,
  chain_sha256 text NOT NULL
);
CREATE TABLE IF NOT EXISTS trc_audit_head (
  id smallint PRIMARY KEY CHECK (id = 1),
  size bigint NOT NULL,
  head_chain_sha256 text NOT NULL
);
INSERT INTO trc_audit_head VALUES (1, 0, '${GENESIS_CHAIN_SHA256}') ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS trc_previews (
  preview_sha256 text PRIMARY KEY,
  request_sha256 text NOT NULL,
  tool text NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS trc_previews_expires_at ON trc_previews (expires_at);
CREATE TABLE IF NOT EXISTS trc_approvals (
  approval_id text PRIMARY KEY,
  request_sha256 text NOT NULL,
  tool text NOT NULL,
  approver_ref text NOT NULL,
  expires_at text NOT NULL,
  expires_at_ms bigint NOT NULL,
  used boolean NOT NULL
);
CREATE INDEX IF NOT EXISTS trc_approvals_expires_at ON trc_approvals (expires_at_ms);
${claimFunction}
${commitFunction}
`;

/**
 * A preview keeps who asked for the call, as a principal reference, so that
 * `approve` can refuse that principal (docs/control-plane.md#approval); it is
 * null in a preview stored before this migration. The index finds the
 * previews of one request digest (`pendingPreview`).
 */
const previewRequester = `
ALTER TABLE trc_previews ADD COLUMN IF NOT EXISTS requester_ref text;
CREATE INDEX IF NOT EXISTS trc_previews_request ON trc_previews (request_sha256, expires_at);
`;

/**
 * An `unknown` change may set the record's lease end (docs/control-plane.md#in-flight-writes): until then a run of
 * the key may still land downstream, and no status answer releases it. trc_commit gains a last parameter,
 * `p_lease_until` (null keeps the lease), so its old signature is dropped first: an overload left beside it would
 * make every call ambiguous. Derived from migration 1's text, so that the rest of the function stays as it was.
 */
const commitLeaseUntil = `
DROP FUNCTION IF EXISTS trc_commit(text, text, text, text, bigint, text, text, text, bigint, bigint, text, text, text, text, text);
${replaceOnce(
  replaceOnce(
    commitFunction,
    'p_protected_audit text, p_attempts text\n',
    'p_protected_audit text, p_attempts text,\n  p_lease_until bigint\n',
  ),
  'token = p_next_token, handler_output = NULL,\n',
  'token = p_next_token, handler_output = NULL,\n             lease_until = COALESCE(p_lease_until, r.lease_until),\n',
)}
`;

/**
 * Argument provenance (docs/argument-provenance.md): the digests of the values each conversation's model read,
 * trusted or carried by one call's result. Only digests: never a value, never the raw principal.
 */
const seenValues = `
CREATE TABLE IF NOT EXISTS trc_seen_values (
  principal_ref text NOT NULL,
  conversation_ref text NOT NULL,
  digest text NOT NULL,
  trust text NOT NULL CHECK (trust IN ('trusted', 'untrusted')),
  tool text,
  operation_id text,
  expires_at bigint NOT NULL,
  PRIMARY KEY (principal_ref, conversation_ref, digest, trust)
);
CREATE INDEX IF NOT EXISTS trc_seen_values_expires_at ON trc_seen_values (expires_at);
`;

/** The text with `from` replaced once; a `from` that is not there is a bug in this file, caught when it loads. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0)
    throw new Error(`sqlMigrations: ${JSON.stringify(from)} is not there once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * The SQL store's schema, as numbered migrations applied in order; a store refuses a database ahead of it.
 *
 * @example
 * ```ts
 * const script = SQL_MIGRATIONS.map((m) => `-- ${m.version} ${m.name}\n${m.sql}`).join('\n\n');
 * ```
 */
export const SQL_MIGRATIONS: readonly SqlMigration[] = Object.freeze(
  [
    { version: 1, name: 'records, audit log, previews, approvals; trc_claim, trc_commit', sql: tablesAndFunctions },
    { version: 2, name: 'previews keep the requester; previews found by request digest', sql: previewRequester },
    { version: 3, name: "trc_commit sets an unknown record's lease end", sql: commitLeaseUntil },
    { version: 4, name: 'argument provenance: the digests each conversation read', sql: seenValues },
  ].map((m) => Object.freeze(m)),
);
