/**
 * The recovery lab's proofs as progress: only a step that demonstrates its
 * proof is kept, the latest of each proof is named, the saved progress reads
 * them back, and the lab's address (`?mode=recovery&case=…`) round-trips.
 */
import { describe, expect, it } from 'vitest';
import { parseSearch, resolveAddress, searchOf } from '../playground/address.ts';
import { parseProgress, serializeProgress } from '../playground/codecs/progress.ts';
import { EMPTY_PROGRESS, recordProgress } from '../playground/progress.ts';
import { initialWork } from '../playground/work.ts';
import { recoveryShownCount, recoveryStatuses, type RecoveryStep } from './recoveryProofs.ts';

const reconciled: RecoveryStep = {
  proof: 'lost_response_reconciled',
  seq: 2,
  delivery: 'receipt_reconciled',
  side_effects: 1,
};

describe('recovery proofs in the progress', () => {
  it('keeps a step that demonstrates its proof, and only that', () => {
    expect(recordProgress(EMPTY_PROGRESS, { recovery: { ...reconciled, side_effects: 2 } })).toBe(EMPTY_PROGRESS);
    expect(recordProgress(EMPTY_PROGRESS, { recovery: { ...reconciled, delivery: 'fresh' } })).toBe(EMPTY_PROGRESS);
    expect(
      recordProgress(EMPTY_PROGRESS, {
        recovery: {
          proof: 'retry_after_past_deadline',
          seq: 1,
          code: 'RATE_LIMIT',
          retry_after_ms: 10_000,
          left_ms: 30_000,
          waited_ms: 0,
        },
      }),
    ).toBe(EMPTY_PROGRESS);
    expect(
      recordProgress(EMPTY_PROGRESS, { recovery: { proof: 'audit_change_found', seq: 2, broken_seq: null } }),
    ).toBe(EMPTY_PROGRESS);
    const p = recordProgress(EMPTY_PROGRESS, { recovery: reconciled });
    expect(p.recovery).toEqual([reconciled]);
    expect(recordProgress(p, { recovery: reconciled })).toBe(p);
    const later = recordProgress(p, { recovery: { ...reconciled, seq: 5 } });
    expect(later.recovery).toEqual([{ ...reconciled, seq: 5 }]);
    expect(recoveryShownCount(later.recovery ?? [])).toBe(1);
    expect(recoveryStatuses(later.recovery ?? []).map((s) => s.by !== null)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('the model asking again in other words counts only refused, with nothing run, under the key the plane derived', () => {
    const step = {
      proof: 'reworded_ask_refused',
      seq: 3,
      code: 'IDEMPOTENCY_CONFLICT',
      runs: 0,
      key_derived: true,
    } as const;
    for (const not of [
      { ...step, key_derived: false },
      { ...step, runs: 1 },
      { ...step, code: 'OUTCOME_UNKNOWN' },
    ])
      expect(recordProgress(EMPTY_PROGRESS, { recovery: not }), JSON.stringify(not)).toBe(EMPTY_PROGRESS);
    const p = recordProgress(EMPTY_PROGRESS, { recovery: step });
    expect(recoveryStatuses(p.recovery ?? []).find((s) => s.id === 'reworded_ask_refused')?.by).toEqual(step);
    // A conflicting retry is another proof: one does not show the other.
    expect(recoveryStatuses(p.recovery ?? []).find((s) => s.id === 'conflict_refused')?.by).toBeNull();
    const saved = parseProgress(serializeProgress(p));
    expect(saved.ok && saved.value.progress.recovery).toEqual([step]);
  });

  it('the audit rebuild: passing plain counts only with a change in the log; found again only where plain was fooled, at the changed entry (keyed) or at a checkpoint covering it', () => {
    const passes = { proof: 'audit_rebuild_passes_plain', seq: 2, changed: 1, ok: true } as const;
    const found = { proof: 'audit_rebuild_found', seq: 2, by: 'keyed', plain_ok: true, broken_seq: 2 } as const;
    for (const not of [
      { ...passes, ok: false },
      { ...passes, changed: 0 },
      { ...found, plain_ok: false },
      { ...found, broken_seq: null },
      { ...found, broken_seq: 3 },
      { ...found, by: 'checkpoint', broken_seq: 1 },
    ] as const)
      expect(recordProgress(EMPTY_PROGRESS, { recovery: not }), JSON.stringify(not)).toBe(EMPTY_PROGRESS);
    let p = recordProgress(EMPTY_PROGRESS, { recovery: passes });
    p = recordProgress(p, { recovery: { ...found, by: 'checkpoint', broken_seq: 3 } });
    expect(recoveryShownCount(p.recovery ?? [])).toBe(2);
    const back = parseProgress(serializeProgress(p));
    expect(back.ok && back.value.progress.recovery).toEqual(p.recovery);
  });

  it('a retry-after waited out counts only for a call that then succeeded, after at least the time it asked for', () => {
    const waited = {
      proof: 'retry_after_waited_out',
      seq: 1,
      code: 'RATE_LIMIT',
      retry_after_ms: 10_000,
      waited_ms: 10_000,
      status: 'succeeded',
    } as const;
    for (const not of [
      { ...waited, status: 'failed' },
      { ...waited, waited_ms: 9_999 },
      { ...waited, retry_after_ms: 0, waited_ms: 0 },
      { ...waited, code: 'TOOL_ERROR' },
    ] as const)
      expect(recordProgress(EMPTY_PROGRESS, { recovery: not }), JSON.stringify(not)).toBe(EMPTY_PROGRESS);
    const p = recordProgress(EMPTY_PROGRESS, { recovery: waited });
    expect(recoveryShownCount(p.recovery ?? [])).toBe(1);
    const back = parseProgress(serializeProgress(p));
    expect(back.ok && back.value.progress.recovery).toEqual([waited]);
  });

  it('is saved and read back; progress saved before the lab reads as none', () => {
    const p = recordProgress(EMPTY_PROGRESS, { recovery: reconciled });
    const back = parseProgress(serializeProgress(p));
    expect(back.ok && back.value.progress.recovery).toEqual([reconciled]);
    const old = parseProgress(serializeProgress(EMPTY_PROGRESS));
    expect(old.ok && old.value.progress.recovery).toBeUndefined();
    const bad = parseProgress(
      serializeProgress({ ...EMPTY_PROGRESS, recovery: [{ ...reconciled, proof: 'x' } as never] }),
    );
    expect(bad.ok).toBe(false);
  });

  it('progress saved with the five proofs the lab had before its rebuild proofs reads back as it was', () => {
    const text =
      '{"format":"tool-result-playground-progress-v2","proofs":[],"attacks":[],"mistakes":[],"answers":{},"points":{},' +
      '"recovery":[{"proof":"audit_change_found","seq":2,"broken_seq":2},' +
      '{"proof":"conflict_refused","seq":2,"code":"IDEMPOTENCY_CONFLICT","runs":0}]}';
    const r = parseProgress(text);
    expect(r.ok && recoveryShownCount(r.value.progress.recovery ?? [])).toBe(2);
  });
});

describe('the recovery lab’s address', () => {
  const known = () => true;
  it('opens a case, and writes it back', () => {
    const r = resolveAddress(initialWork(), parseSearch('?mode=recovery&case=conflict'), known, 'search_kb.hits');
    expect(r.problems).toEqual([]);
    expect(r.place).toMatchObject({ mode: 'recovery', recoveryCase: 'conflict' });
    expect(searchOf(r.place)).toBe('?mode=recovery&case=conflict');
    expect(searchOf({ ...r.place, recoveryCase: undefined })).toBe('?mode=recovery&case=lost_response');
  });
  it('a case alone opens the lab; an unknown case is reported and the one open before stays', () => {
    expect(resolveAddress(initialWork(), parseSearch('?case=audit'), known, 'search_kb.hits').place.mode).toBe(
      'recovery',
    );
    const r = resolveAddress(
      { ...initialWork(), recoveryCase: 'audit' },
      parseSearch('?mode=recovery&case=nope'),
      known,
      'search_kb.hits',
    );
    expect(r.problems).toEqual([{ kind: 'unknown-case', value: 'nope' }]);
    expect(r.place.recoveryCase).toBe('audit');
  });
});
