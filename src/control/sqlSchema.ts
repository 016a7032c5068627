/**
 * The SQL store's tables and its two functions (docs/control-stores.md), one
 * text for PGlite and for a PostgreSQL server. It is sent as one simple-query
 * message, which PostgreSQL runs as one implicit transaction: the advisory
 * lock taken first is held to its end, so processes that start at once create
 * the tables one after the other instead of colliding in the catalog. No
 * explicit BEGIN: a failure mid-text must not leave a pooled connection inside
 * an aborted transaction.
 *
 * Times are bigint milliseconds of the plane's clock, never `now()`: the
 * database's clock plays no part, so a virtual clock drives the SQL store too.
 * JSON is kept as text, never jsonb: jsonb reorders keys and drops duplicates,
 * and an audit entry must come back exactly as it was linked.
 */
import { GENESIS_CHAIN_SHA256 } from './store.ts';

/** One lock id for every trc_ schema: any constant all processes agree on; this one spells "trc_sql\0". */
const SCHEMA_LOCK = 8390878317354511360n;

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
 * Creates what is missing and replaces the functions, then reads the head
 * (the last statement's row), all in one round trip. No column holds a raw
 * tenant, subject, argument or key: the records are scoped by `principal_ref`.
 */
export const SCHEMA_SQL = `
SELECT pg_advisory_xact_lock(${SCHEMA_LOCK});
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
SELECT size, head_chain_sha256 FROM trc_audit_head WHERE id = 1;
`;

/** The store's tables, for a test that looks at every column. */
export const SQL_TABLES = [
  'trc_records',
  'trc_audit_entries',
  'trc_audit_head',
  'trc_previews',
  'trc_approvals',
] as const;
