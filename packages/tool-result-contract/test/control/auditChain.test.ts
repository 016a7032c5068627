/**
 * The audit chain's mutation harness (docs/audit-log.md#what-verify-finds): a
 * log of eight real entries, plain and keyed, and every way to tamper with it
 * that a store writer has. Each mutation states what verify must say without
 * a checkpoint and with one; the summary prints how many were found.
 *
 * Two lessons are asserted, not hidden: a tail cut is invisible without a
 * checkpoint (a shorter log is still a well-linked log), and in plain mode an
 * attacker who recomputes the links (a rebuild) passes, because plain SHA-256
 * is not a signature; the key, or a checkpoint kept elsewhere, finds it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize, hmacSha256Hex, project, sha256Hex } from '../../src/core/index.ts';
import {
  AUDIT_BREAK_REASONS,
  makeCheckpoint,
  verifyAuditChain,
  type AuditVerdict,
  type Checkpoint,
} from '../../src/control/auditChain.ts';
import { chainLinkFor, chainSha256, type AuditKey } from '../../src/control/auditLink.ts';
import { GENESIS_CHAIN_SHA256, type AuditDraft, type AuditEntry, type Attempt } from '../../src/control/store.ts';
import { scenarios, chapterTools } from '../../../../src/chapter/index.ts';

const KEY = { id: 'audit-key-test-2026', secret: '5c'.repeat(16) + '9e1f'.repeat(8) };
const MODES = [
  { name: 'plain', key: undefined },
  { name: 'keyed', key: KEY },
] as const satisfies readonly { name: string; key: AuditKey }[];
type Mode = (typeof MODES)[number];

// Each tool, fresh and replayed and reconciled, successes and errors: what a day's log holds.
const SCENARIO_IDS = (
  'search_kb.hits search_kb.rate_limited get_order.paid get_order.local_replay get_order.tool_exception ' +
  'create_refund_draft.created create_refund_draft.receipt_reconciled create_refund_draft.outcome_unknown'
).split(' ');

const time = (minute: number, second: number) =>
  `2026-07-19T00:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}Z`;

/**
 * What the plane would have done for each answer: the attempts an entry records, as `kind:start:end[:code]` (seconds
 * into the entry's minute; `code` marks the attempt that ended with the answer's own code).
 */
function attemptsFor(code: string | null, delivery: string, minute: number): Attempt[] {
  const plan =
    delivery === 'local_replay'
      ? 'replay:0:0'
      : delivery === 'receipt_reconciled'
        ? 'run:0:30 status_query:30:31'
        : code === 'RATE_LIMIT'
          ? 'run:0:1:code wait:1:31 run:31:32:code'
          : code === 'OUTCOME_UNKNOWN'
            ? 'run:0:30 status_query:30:35:code'
            : 'run:0:1:code';
  return plan.split(' ').map((step, i) => {
    const [kind, s, e, c] = step.split(':') as [Attempt['kind'], string, string, string?];
    const [started_at, ended_at] = [time(minute, Number(s)), time(minute, Number(e))];
    return { n: i + 1, kind, started_at, ended_at, code: c === undefined ? null : code };
  });
}

/** Real protected_audit values: each scenario projected by the core, under the mode's key. */
function draftsFor(mode: Mode): AuditDraft[] {
  return SCENARIO_IDS.map((id, i) => {
    const s = scenarios.find((x) => x.id === id)!;
    const { key: _scenarioKey, ...context } = s.context;
    const trusted = mode.key === undefined ? context : { ...context, key: mode.key };
    const pkg = project(s.handler_output, trusted, chapterTools);
    const attempts = attemptsFor(pkg.model_result.error?.code ?? null, s.context.delivery, i);
    return { at: time(i, 59), protected_audit: pkg.protected_audit, attempts };
  });
}

/** Appends as a store does: the seq it assigns and the link of the entry before. */
function linkAll(drafts: readonly AuditDraft[], key: AuditKey): AuditEntry[] {
  const link = chainLinkFor(key);
  const log: AuditEntry[] = [];
  for (const d of drafts) {
    const seq = log.length + 1;
    const prev = log.at(-1)?.chain_sha256 ?? GENESIS_CHAIN_SHA256;
    log.push({ ...structuredClone(d), seq, prev_chain_sha256: prev, chain_sha256: link(d, seq, prev) });
  }
  return log;
}

/** What an attacker with write access but without the key does: renumber and recompute every link from `from` on. */
function rebuild(log: readonly AuditEntry[], from: number): AuditEntry[] {
  const out = log.map((e) => structuredClone(e));
  for (let i = from; i < out.length; i++) {
    const e = out[i]!;
    e.seq = i + 1;
    e.prev_chain_sha256 = i === 0 ? GENESIS_CHAIN_SHA256 : out[i - 1]!.chain_sha256;
    e.chain_sha256 = chainSha256(e, e.seq, e.prev_chain_sha256, undefined);
  }
  return out;
}

type Path = (string | number)[];
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every leaf of a value (an empty object or list counts as one), with its path. */
function leaves(v: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (!isObj(v)) return [{ path, value: v }];
  const kids = Object.entries(v);
  if (kids.length === 0) return [{ path, value: v }];
  return kids.flatMap(([k, x]) => leaves(x, [...path, Array.isArray(v) ? Number(k) : k]));
}

/** Every object and list inside a value, with its path (the value itself first). */
function containers(v: unknown, path: Path = []): Path[] {
  if (!isObj(v)) return [];
  return [path, ...Object.entries(v).flatMap(([k, x]) => containers(x, [...path, Array.isArray(v) ? Number(k) : k]))];
}

function at(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], root);
}

/** A different value of the same kind: one character, one unit, the other truth value. */
function changed(v: unknown): unknown {
  if (typeof v === 'string') return v === '' ? 'x' : (v[0] === 'a' ? 'b' : 'a') + v.slice(1);
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'boolean') return !v;
  if (v === null) return 'x';
  return Array.isArray(v) ? ['x'] : { x: 1 };
}

function withLeaf(entry: AuditEntry, path: Path, value: unknown): AuditEntry {
  const e = structuredClone(entry);
  const parent = at(e, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
  return e;
}

function replaced(log: readonly AuditEntry[], i: number, e: AuditEntry): AuditEntry[] {
  return log.map((x, j) => (j === i ? e : x));
}

/** One tampered log and what verify must name: the broken seq, or null where the mutation passes. */
interface Mutation {
  kind: string;
  label: string;
  entries: unknown[];
  expect: { bare: number | null; checkpoint: number | null };
}

const both = (seq: number | null) => ({ bare: seq, checkpoint: seq });
const mut = (kind: string, label: string, entries: unknown[], expect: Mutation['expect']): Mutation => ({
  kind,
  label,
  entries,
  expect,
});

/** A copy of `e` with the container at `path` changed in place by `edit`. */
function edited(e: AuditEntry, path: Path, edit: (h: unknown[] | Record<string, unknown>) => void): AuditEntry {
  const c = structuredClone(e);
  edit(at(c, path) as unknown[] | Record<string, unknown>);
  return c;
}

function* mutations(mode: Mode, log: readonly AuditEntry[]): Generator<Mutation> {
  const n = log.length;
  const plain = mode.key === undefined;
  const forged = (seq: number, prev: string): AuditEntry => {
    const d: AuditDraft = structuredClone({ ...log[0]!, attempts: [] });
    return { ...d, seq, prev_chain_sha256: prev, chain_sha256: chainSha256(d, seq, prev, undefined) } as AuditEntry;
  };
  for (let i = 0; i < n; i++) {
    const e = log[i]!;
    const label = (path: Path) => `entry ${i + 1} /${path.join('/')}`;
    for (const { path, value } of leaves(e))
      yield mut('member changed', label(path), replaced(log, i, withLeaf(e, path, changed(value))), both(i + 1));
    for (const path of containers(e)) {
      for (const k of Object.keys(at(e, path) as object)) {
        const c = edited(e, path, (h) => (Array.isArray(h) ? h.splice(Number(k), 1) : delete h[k]));
        yield mut('member removed', label([...path, k]), replaced(log, i, c), both(i + 1));
      }
      const c = edited(e, path, (h) => (Array.isArray(h) ? h.push('x') : (h.note = 'added')));
      yield mut('member added', label(path), replaced(log, i, c), both(i + 1));
    }
    // The last entry removed is a tail cut: only a checkpoint knows the log was longer.
    const removed = log.filter((_, j) => j !== i);
    yield mut('entry removed', `entry ${i + 1}`, removed, i < n - 1 ? both(i + 1) : { bare: null, checkpoint: n });
    const duplicated = [...log.slice(0, i + 1), e, ...log.slice(i + 1)];
    yield mut('entry duplicated', `entry ${i + 1}`, duplicated, both(i + 2));
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const moved = log.filter((_, k) => k !== i);
      moved.splice(j, 0, e);
      yield mut('entry moved', `entry ${i + 1} to position ${j + 1}`, moved, both(Math.min(i, j) + 1));
    }
    // A new entry linked to the one before it, the rest left as they were. In plain mode its own link holds, so the
    // break is the old entry after it; but where the checkpoint's entry is the forged one, the checkpoint names it.
    const inserted = [
      ...log.slice(0, i),
      forged(i + 1, log[i - 1]?.chain_sha256 ?? GENESIS_CHAIN_SHA256),
      ...log.slice(i),
    ];
    const insertedSeq = plain ? { bare: i + 2, checkpoint: i + 1 === n ? n : i + 2 } : both(i + 1);
    yield mut('entry inserted', `at position ${i + 1}`, inserted, insertedSeq);
  }
  for (let m = 0; m < n; m++)
    yield mut('tail cut', `to ${m} entries`, log.slice(0, m), { bare: null, checkpoint: m + 1 });
  // The rebuilds: whoever can write the store recomputes the links from the change on, in plain SHA-256.
  const rebuilt = (from: number, cpSeq: number | null) => (plain ? { bare: null, checkpoint: cpSeq } : both(from + 1));
  for (let i = 0; i < n; i++) {
    for (const { path, value } of leaves(log[i]!)) {
      if (['seq', 'prev_chain_sha256', 'chain_sha256'].includes(String(path[0]))) continue;
      const entries = rebuild(replaced(log, i, withLeaf(log[i]!, path, changed(value))), i);
      yield mut('rebuild: member changed', `entry ${i + 1} /${path.join('/')}`, entries, rebuilt(i, n));
    }
    const removed = log.filter((_, j) => j !== i);
    if (i < n - 1) yield mut('rebuild: entry removed', `entry ${i + 1}`, rebuild(removed, i), rebuilt(i, n));
    const inserted = [...log.slice(0, i), forged(i + 1, GENESIS_CHAIN_SHA256), ...log.slice(i)];
    yield mut('rebuild: entry inserted', `at position ${i + 1}`, rebuild(inserted, i), rebuilt(i, n));
  }
  // An append after the checkpoint: the checkpoint vouches for its prefix only.
  const appended = [...log, forged(n + 1, log[n - 1]!.chain_sha256)];
  yield mut('rebuild: entry appended', `as ${n + 1}`, appended, rebuilt(n, null));
}

type Logs = Record<Mode['name'], AuditEntry[]>;
const logs = Object.fromEntries(MODES.map((m) => [m.name, linkAll(draftsFor(m), m.key)])) as Logs;
const checkpointOf = (mode: Mode, log: readonly AuditEntry[], size = log.length): Checkpoint =>
  makeCheckpoint(
    { size, head_chain_sha256: log[size - 1]?.chain_sha256 ?? GENESIS_CHAIN_SHA256 },
    '2026-07-19T01:00:00Z',
    mode.key,
  );

function check(mode: Mode, m: Mutation, cp: Checkpoint | undefined): void {
  const v = verifyAuditChain(m.entries, { key: mode.key, checkpoint: cp });
  const want = cp === undefined ? m.expect.bare : m.expect.checkpoint;
  const where = `${mode.name}, ${cp === undefined ? 'no checkpoint' : 'checkpoint'}: ${m.kind}, ${m.label}`;
  if (want === null) expect(v, where).toEqual({ ok: true, checked: m.entries.length, broken: null });
  else {
    expect(v.ok, where).toBe(false);
    expect(v.broken?.seq, where).toBe(want);
  }
}

describe('verifyAuditChain: the mutation harness', () => {
  for (const mode of MODES) {
    const log = logs[mode.name];
    const cp = checkpointOf(mode, log);
    it(`${mode.name}: the untouched log verifies, alone and against its checkpoint`, () => {
      expect(log).toHaveLength(8);
      expect(new Set(log.map((e) => e.protected_audit.binding.algorithm))).toEqual(
        new Set([mode.key === undefined ? 'sha256' : 'hmac-sha256']),
      );
      expect(verifyAuditChain(log, { key: mode.key })).toEqual({ ok: true, checked: 8, broken: null });
      expect(verifyAuditChain(log, { key: mode.key, checkpoint: cp })).toEqual({ ok: true, checked: 8, broken: null });
      expect(verifyAuditChain([], { key: mode.key })).toEqual({ ok: true, checked: 0, broken: null });
    });
    const kinds = [...new Set([...mutations(mode, log)].map((m) => m.kind))];
    for (const kind of kinds) {
      it(`${mode.name}: ${kind}`, () => {
        for (const m of mutations(mode, log)) {
          if (m.kind !== kind) continue;
          check(mode, m, undefined);
          check(mode, m, cp);
        }
      });
    }
  }

  it('the tail cut is found only with a checkpoint, in both modes, and names the first missing seq', () => {
    for (const mode of MODES) {
      const log = logs[mode.name];
      const cut = log.slice(0, 5);
      expect(verifyAuditChain(cut, { key: mode.key })).toEqual({ ok: true, checked: 5, broken: null });
      expect(verifyAuditChain(cut, { key: mode.key, checkpoint: checkpointOf(mode, log) })).toEqual({
        ok: false,
        checked: 5,
        broken: { seq: 6, reason: 'SHORTER_THAN_CHECKPOINT' },
      });
    }
  });

  it('a plain rebuild PASSES on its own (plain hashing is not a signature); the key or a checkpoint finds it', () => {
    const plain = logs.plain;
    const edited = replaced(
      plain,
      2,
      withLeaf(plain[2]!, ['protected_audit', 'downstream', 'receipt_ref'], 'rcpt_forged'),
    );
    const forgedLog = rebuild(edited, 2);
    expect(verifyAuditChain(forgedLog)).toEqual({ ok: true, checked: 8, broken: null });
    expect(verifyAuditChain(forgedLog, { checkpoint: checkpointOf(MODES[0], plain) }).broken).toEqual({
      seq: 8,
      reason: 'CHECKPOINT_MISMATCH',
    });
    // The same attacker against a keyed log: without the key, every link recomputed is the wrong kind of digest.
    const keyed = logs.keyed;
    const attempt = rebuild(replaced(keyed, 2, withLeaf(keyed[2]!, ['at'], time(9, 9))), 2);
    expect(verifyAuditChain(attempt, { key: KEY }).broken).toEqual({ seq: 3, reason: 'CHAIN_MISMATCH' });
    // A guessed key is no better than none.
    const guessed = { id: KEY.id, secret: 'ab'.repeat(32) };
    const linked = linkAll(attempt, guessed);
    expect(verifyAuditChain(linked, { key: KEY }).broken).toEqual({ seq: 1, reason: 'CHAIN_MISMATCH' });
  });

  it('a checkpoint vouches for its own prefix: a plain rebuild after its size passes, a keyed one does not', () => {
    for (const mode of MODES) {
      const log = logs[mode.name];
      const cp5 = checkpointOf(mode, log, 5);
      const after = rebuild(replaced(log, 6, withLeaf(log[6]!, ['at'], time(9, 9))), 6);
      const v = verifyAuditChain(after, { key: mode.key, checkpoint: cp5 });
      if (mode.key === undefined) expect(v).toEqual({ ok: true, checked: 8, broken: null });
      else expect(v.broken).toEqual({ seq: 7, reason: 'CHAIN_MISMATCH' });
      const before = rebuild(replaced(log, 3, withLeaf(log[3]!, ['at'], time(9, 9))), 3);
      const w = verifyAuditChain(before, { key: mode.key, checkpoint: cp5 });
      expect(w.broken).toEqual(
        mode.key === undefined ? { seq: 5, reason: 'CHECKPOINT_MISMATCH' } : { seq: 4, reason: 'CHAIN_MISMATCH' },
      );
    }
  });

  it('summary: every mutation found but the tail cut without a checkpoint and the plain rebuild', () => {
    const rows: string[] = [];
    for (const mode of MODES) {
      const log = logs[mode.name];
      const cp = checkpointOf(mode, log);
      for (const withCp of [false, true]) {
        const tally = { found: 0, passed: 0, passedKinds: new Map<string, number>() };
        for (const m of mutations(mode, log)) {
          const v = verifyAuditChain(m.entries, { key: mode.key, checkpoint: withCp ? cp : undefined });
          if (v.ok) {
            tally.passed++;
            tally.passedKinds.set(m.kind, (tally.passedKinds.get(m.kind) ?? 0) + 1);
          } else tally.found++;
        }
        const passedKinds = [...tally.passedKinds].map(([k, c]) => `${k} ${c}`).join(', ') || 'none';
        rows.push(
          `${mode.name}, ${withCp ? 'checkpoint' : 'no checkpoint'}: ${tally.found} found, ${tally.passed} passed (${passedKinds})`,
        );
        // What may pass: a tail cut without a checkpoint (the last entry removed is one), a plain rebuild without a
        // checkpoint, and a plain append after the checkpoint's size.
        const mayPass = (kind: string) =>
          (!withCp && (kind === 'tail cut' || kind === 'entry removed')) ||
          (mode.key === undefined && kind.startsWith('rebuild') && (!withCp || kind === 'rebuild: entry appended'));
        expect(
          [...tally.passedKinds.keys()].filter((k) => !mayPass(k)),
          rows.at(-1),
        ).toEqual([]);
        if (mode.key !== undefined && withCp) expect(tally.passed).toBe(0);
      }
    }
    console.log(`[audit mutation harness]\n  ${rows.join('\n  ')}`);
  });
});

describe('verifyAuditChain: formulas, checkpoints, reasons, hostile input', () => {
  const H = (purpose: string, fields: Record<string, unknown>, key: AuditKey) => {
    const text = canonicalize({ purpose, ...fields });
    return key === undefined ? sha256Hex(text) : hmacSha256Hex(key.secret, text);
  };

  it('links and tags as docs/audit-log.md writes them, recomputed here from canonical text', () => {
    for (const mode of MODES) {
      const [first, second] = logs[mode.name];
      for (const e of [first!, second!]) {
        const { chain_sha256: _c, prev_chain_sha256: _p, ...entry } = e;
        const entry_sha256 = H('tool-audit-entry/v1', { entry }, mode.key);
        const fields = { seq: e.seq, at: e.at, prev_chain_sha256: e.prev_chain_sha256, entry_sha256 };
        expect(e.chain_sha256).toBe(H('tool-audit-chain/v1', fields, mode.key));
      }
      expect(first!.prev_chain_sha256).toBe('0'.repeat(64));
      const cp = checkpointOf(mode, logs[mode.name]);
      const { size, head_chain_sha256, at: when } = cp;
      expect(cp.key_id).toBe(mode.key?.id ?? null);
      expect(cp.tag).toBe(
        mode.key === undefined ? null : H('tool-audit-checkpoint/v1', { size, head_chain_sha256, at: when }, mode.key),
      );
    }
  });

  it('names the reason of each break', () => {
    const log = logs.keyed;
    const v = (entries: unknown, options = {}) => verifyAuditChain(entries, { key: KEY, ...options }).broken;
    expect(v(log.slice(1))).toEqual({ seq: 1, reason: 'SEQ_GAP' });
    expect(v([log[0], log[0]])).toEqual({ seq: 2, reason: 'SEQ_REPEATED' });
    expect(v(replaced(log, 3, withLeaf(log[3]!, ['prev_chain_sha256'], log[1]!.chain_sha256)))).toEqual({
      seq: 4,
      reason: 'PREV_MISMATCH',
    });
    expect(v(replaced(log, 3, withLeaf(log[3]!, ['attempts', 0, 'code'], 'RATE_LIMIT')))).toEqual({
      seq: 4,
      reason: 'CHAIN_MISMATCH',
    });
    expect(v(replaced(log, 3, withLeaf(log[3]!, ['at'], '\ud800')))).toEqual({ seq: 4, reason: 'MALFORMED_ENTRY' });
    expect(v(replaced(log, 3, { ...log[3]!, note: 'x' } as AuditEntry))).toEqual({ seq: 4, reason: 'MALFORMED_ENTRY' });
    expect(v('not a log')).toEqual({ seq: 1, reason: 'NOT_A_LIST' });
    // The wrong mode or key: the first link already fails.
    expect(verifyAuditChain(log).broken).toEqual({ seq: 1, reason: 'CHAIN_MISMATCH' });
    expect(verifyAuditChain(logs.plain, { key: KEY }).broken).toEqual({ seq: 1, reason: 'CHAIN_MISMATCH' });
    expect(verifyAuditChain(log, { key: { id: 'k', secret: 'xyz' } }).broken).toEqual({
      seq: 0,
      reason: 'KEY_MALFORMED',
    });
  });

  it('a checkpoint changed in keyed mode fails its tag; in plain mode only what it claims can be compared', () => {
    for (const mode of MODES) {
      const log = logs[mode.name];
      const cp = checkpointOf(mode, log);
      const keyed = mode.key !== undefined;
      const edits: [Partial<Checkpoint>, AuditVerdict['broken']][] = [
        [{ size: 7 }, keyed ? { seq: 0, reason: 'CHECKPOINT_TAG' } : { seq: 7, reason: 'CHECKPOINT_MISMATCH' }],
        [{ size: 9 }, keyed ? { seq: 0, reason: 'CHECKPOINT_TAG' } : { seq: 9, reason: 'SHORTER_THAN_CHECKPOINT' }],
        [
          { head_chain_sha256: log[6]!.chain_sha256 },
          keyed ? { seq: 0, reason: 'CHECKPOINT_TAG' } : { seq: 8, reason: 'CHECKPOINT_MISMATCH' },
        ],
        // A plain checkpoint's time is not bound to anything: it says when, and only its keeper vouches for that.
        [{ at: '2026-07-20T00:00:00Z' }, keyed ? { seq: 0, reason: 'CHECKPOINT_TAG' } : null],
        [{ tag: 'f'.repeat(64) }, { seq: 0, reason: 'CHECKPOINT_TAG' }],
        [{ key_id: keyed ? 'another-key' : KEY.id }, { seq: 0, reason: 'CHECKPOINT_TAG' }],
        [{ size: -1 }, { seq: 0, reason: 'CHECKPOINT_MALFORMED' }],
      ];
      for (const [edit, broken] of edits) {
        const got = verifyAuditChain(log, { key: mode.key, checkpoint: { ...cp, ...edit } });
        expect(got.broken, `${mode.name} ${JSON.stringify(edit)}`).toEqual(broken);
      }
      const extra = { ...cp, note: 'x' } as unknown as Checkpoint;
      expect(verifyAuditChain(log, { key: mode.key, checkpoint: extra }).broken?.reason).toBe('CHECKPOINT_MALFORMED');
      // A keyed verifier never takes an untagged checkpoint: anyone could have written it.
      const untagged = { ...cp, key_id: null, tag: null };
      expect(verifyAuditChain(log, { key: KEY, checkpoint: untagged }).broken?.reason).toBe('CHECKPOINT_TAG');
      const empty = checkpointOf(mode, log, 0);
      expect(verifyAuditChain([], { key: mode.key, checkpoint: empty }).ok).toBe(true);
      expect(verifyAuditChain(log, { key: mode.key, checkpoint: empty }).ok).toBe(true);
    }
  });

  const opts = { numRuns: Number(process.env.FUZZ_RUNS ?? 200), seed: Number(process.env.FUZZ_SEED ?? 20260719) };

  it('any member of any entry set to any other JSON value is found at that entry (fast-check)', () => {
    for (const mode of MODES) {
      const log = logs[mode.name];
      const spots = log.flatMap((e, i) => leaves(e).map(({ path, value }) => ({ i, path, value })));
      fc.assert(
        fc.property(fc.constantFrom(...spots), fc.jsonValue({ maxDepth: 2 }), ({ i, path, value }, next) => {
          fc.pre(canonicalize(next as never) !== canonicalize(value as never));
          const v = verifyAuditChain(replaced(log, i, withLeaf(log[i]!, path, next)), { key: mode.key });
          expect(v.broken?.seq).toBe(i + 1);
        }),
        opts,
      );
    }
  });

  it('any other arrangement of the entries is found; a prefix passes alone and is found by the checkpoint', () => {
    for (const mode of MODES) {
      const log = logs[mode.name];
      const cp = checkpointOf(mode, log);
      const order = fc.array(fc.nat({ max: log.length - 1 }), { maxLength: log.length + 2 });
      fc.assert(
        fc.property(order, (idx) => {
          const entries = idx.map((k) => log[k]!);
          const isPrefix = idx.every((k, j) => k === j);
          expect(verifyAuditChain(entries, { key: mode.key }).ok).toBe(isPrefix);
          expect(verifyAuditChain(entries, { key: mode.key, checkpoint: cp }).ok).toBe(isPrefix && idx.length === 8);
        }),
        opts,
      );
    }
  });

  it('never throws on garbage, and every verdict carries a documented reason (fast-check)', () => {
    const garbage = fc.anything({ maxDepth: 3, withBigInt: true, withDate: true, withNullPrototype: true });
    const reasons = new Set<string>(AUDIT_BREAK_REASONS);
    fc.assert(
      fc.property(garbage, fc.nat({ max: 8 }), garbage, (junk, pos, options) => {
        for (const entries of [junk, [...logs.plain.slice(0, pos), junk], [junk, ...logs.plain]]) {
          for (const o of [options, { checkpoint: junk }, { key: junk }, undefined]) {
            const v = verifyAuditChain(entries, o as never);
            expect(v.ok === (v.broken === null)).toBe(true);
            if (v.broken !== null) expect(reasons.has(v.broken.reason)).toBe(true);
          }
        }
      }),
      opts,
    );
    // A list whose every read throws.
    const hostile = new Proxy([], { get: () => JSON.parse('{') as unknown });
    expect(verifyAuditChain(hostile).ok).toBe(false);
  });
});
