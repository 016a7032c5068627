/**
 * `audit verify` and `audit reconcile` (docs/audit-log.md#the-cli): the
 * library's verifyAuditChain and reconcileTranscript over the log of a PGlite
 * directory. Like the other commands: JSON on stdout, the diagnosis on stderr
 * (one line per finding, each named by file and line or by seq), exit 0
 * clean, 1 findings, 2 bad input. Every file is read and checked before the
 * database is opened, so bad input costs nothing.
 */
import {
  reconcileTranscript,
  verifyAuditChain,
  type AuditBreakReason,
  type Checkpoint,
  type FindingCode,
} from '../control/index.ts';
import { readCheckpointFile, readKeyFile, readRequestsFile, type AuditKeyFile } from './auditInputs.ts';
import { loadPglite, readAuditLog, type LoadPglite } from './auditStore.ts';
import { BadInput } from './badInput.ts';
import type { CliIO } from './run.ts';

export const AUDIT_USAGE = `cli audit (verify --db DIR [--checkpoint C.json] [--key K.json] | reconcile --db DIR --requests R.jsonl [--key K.json])
    Checks the audit log of DIR, a PGlite data directory holding a sqlStore (needs @electric-sql/pglite).
    verify recomputes every link (with C.json, a checkpoint as plane.checkpoint() returns it, also against it);
    prints {ok, entries, checked, broken}. reconcile matches the tool results of R.jsonl (one request body per
    line, as sent) with the log; prints {ok, findings: [{code, request, line, call_id, seq}]}. K.json is the
    plane's audit key {id, secret}, for a keyed log. Exit 0 clean (UNDELIVERED alone is clean), 1 findings, 2 bad input.`;

/** docs/audit-log.md#reason-codes, as one line says it. */
const REASON_TEXT: Readonly<Record<AuditBreakReason, string>> = {
  KEY_MALFORMED: 'the key is not {id, secret} with a hex secret of 32 bytes or more',
  CHECKPOINT_MALFORMED: 'the checkpoint is not {size, head_chain_sha256, at, key_id, tag}',
  CHECKPOINT_TAG: 'its tag does not verify under this key, or it was made in the other mode',
  NOT_A_LIST: 'the entries are not a list',
  MALFORMED_ENTRY: 'not an entry: members missing or extra, wrong types, or text that is not JSON',
  SEQ_GAP: 'missing: the entry at its place has a greater seq',
  SEQ_REPEATED: 'the entry at its place repeats a seq already seen',
  PREV_MISMATCH: 'its prev_chain_sha256 is not the link of the entry before',
  CHAIN_MISMATCH: 'its chain_sha256 is not the link recomputed from its members (or the key is another)',
  SHORTER_THAN_CHECKPOINT: 'missing: the log holds fewer entries than the checkpoint',
  CHECKPOINT_MISMATCH: 'the log links, but not to the head the checkpoint recorded: rewritten at or before it',
};

/** docs/audit-log.md#finding-codes, as one line says it. */
const FINDING_TEXT: Readonly<Record<FindingCode, string>> = {
  UNAUDITED_RESULT: 'a result the model saw has no audit entry',
  RESULT_DIGEST_MISMATCH: 'its result_sha256, recomputed, is none of the entries for its call',
  DELIVERED_TWICE: 'the call was answered earlier with a different result',
  AUDIT_LEAK: 'a tool result holds an audit value of the entry',
  UNDELIVERED: 'no request carried a result for this entry (reported; not a failure)',
  UNREADABLE_REQUEST: 'not a provider request body',
  UNREADABLE_RESULT: 'a tool result with no call id, no single text, or text that is not strict JSON',
  UNREADABLE_ENTRY: 'an entry lacks what reconciliation reads (seq, provider context, result digest)',
  KEY_MALFORMED: 'the key is not usable',
};

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  verify: ['--db', '--checkpoint', '--key'],
  reconcile: ['--db', '--requests', '--key'],
};

function flagsOf(sub: string, args: readonly string[]): Map<string, string> {
  const allowed = ALLOWED[sub] ?? [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i] as string;
    const value = args[i + 1];
    if (!allowed.includes(name))
      throw new BadInput(`${name.startsWith('--') ? 'unknown option' : 'unexpected argument'} ${JSON.stringify(name)}`);
    if (value === undefined || value.startsWith('--')) throw new BadInput(`${name} needs a value`);
    if (flags.has(name)) throw new BadInput(`${name} given twice`);
    flags.set(name, value);
  }
  return flags;
}

function required(flags: Map<string, string>, name: string, sub: string): string {
  const v = flags.get(name);
  if (v === undefined) throw new BadInput(`audit ${sub} needs ${name}`);
  return v;
}

/** A keyed log checked without its key (or the reverse) breaks at seq 1: say which, from the bindings' own algorithm. */
function modeHint(entries: readonly unknown[], key: AuditKeyFile | undefined): string {
  const first = entries[0] as { protected_audit?: { binding?: { algorithm?: unknown } } } | undefined;
  const algorithm = first?.protected_audit?.binding?.algorithm;
  if (key === undefined && algorithm === 'hmac-sha256') return '; the entries are keyed (HMAC bindings): pass --key';
  if (key !== undefined && algorithm === 'sha256') return '; the entries are plain (SHA-256 bindings): omit --key';
  return '';
}

async function verify(flags: Map<string, string>, io: CliIO, load: LoadPglite): Promise<number> {
  const dir = required(flags, '--db', 'verify');
  const keyPath = flags.get('--key');
  const cpPath = flags.get('--checkpoint');
  const key = keyPath === undefined ? undefined : readKeyFile(io, keyPath);
  const checkpoint: Checkpoint | undefined = cpPath === undefined ? undefined : readCheckpointFile(io, cpPath);
  const entries = await readAuditLog(dir, load);
  const verdict = verifyAuditChain(entries, { key, checkpoint });
  io.stdout(
    `${JSON.stringify({ ok: verdict.ok, entries: entries.length, checked: verdict.checked, broken: verdict.broken })}\n`,
  );
  const broken = verdict.broken;
  if (broken === null) return 0;
  // Seq 0 is the key or the checkpoint itself, not an entry of the log.
  const where = broken.seq === 0 ? `${cpPath ?? keyPath ?? dir}` : `${dir}: seq ${broken.seq}`;
  const hint = broken.seq <= 1 ? modeHint(entries, key) : '';
  io.stderr(
    `audit verify: ${where}: ${broken.reason}: ${REASON_TEXT[broken.reason]} (${verdict.checked} of ${entries.length} entries link)${hint}\n`,
  );
  return 1;
}

async function reconcile(flags: Map<string, string>, io: CliIO, load: LoadPglite): Promise<number> {
  const dir = required(flags, '--db', 'reconcile');
  const requestsPath = required(flags, '--requests', 'reconcile');
  const keyPath = flags.get('--key');
  const key = keyPath === undefined ? undefined : readKeyFile(io, keyPath);
  const lines = readRequestsFile(io, requestsPath);
  const entries = await readAuditLog(dir, load);
  const r = reconcileTranscript({ requests: lines.map((l) => l.body), entries, key });
  const findings = r.findings.map((f) => ({
    code: f.code,
    request: f.request,
    line: f.request === null ? null : (lines[f.request]?.line ?? null),
    call_id: f.call_id,
    seq: f.seq,
  }));
  io.stdout(`${JSON.stringify({ ok: r.ok, findings })}\n`);
  for (const f of findings) {
    const where = f.line === null ? dir : `${requestsPath}:${f.line}`;
    const about = [f.call_id === null ? null : `call ${f.call_id}`, f.seq === null ? null : `seq ${f.seq}`]
      .filter((x) => x !== null)
      .join(', ');
    io.stderr(`audit reconcile: ${where}: ${f.code}${about === '' ? '' : ` (${about})`}: ${FINDING_TEXT[f.code]}\n`);
  }
  return r.ok ? 0 : 1;
}

/** `audit verify|reconcile …`; `load` is PGlite's module, given by the tests that show its absence. */
export async function auditCommand(args: readonly string[], io: CliIO, load: LoadPglite = loadPglite): Promise<number> {
  const [sub, ...rest] = args;
  try {
    if (sub === 'verify') return await verify(flagsOf(sub, rest), io, load);
    if (sub === 'reconcile') return await reconcile(flagsOf(sub, rest), io, load);
    throw new BadInput(
      `${sub === undefined ? 'audit needs verify or reconcile' : `unknown audit command ${JSON.stringify(sub)}`}\nusage:\n  ${AUDIT_USAGE}`,
    );
  } catch (e) {
    if (!(e instanceof BadInput)) throw e;
    io.stderr(`error: ${e.message}\n`);
    return 2;
  }
}
