/**
 * What a broken plane's stage shows that the real plane's, after the same
 * learner actions, does not: read from the two stages' own ledgers and
 * answers, never from which plane was chosen. The real plane run beside
 * itself shows none of these (lab.test.ts holds it to that).
 */
import type { LabAnswer, LabState } from './lab.ts';

export type Harm =
  /** More side effects downstream than the real plane made for the same actions. */
  | { harm: 'duplicate_write'; rows: number; real: number }
  /** The model was handed a result from another principal's account. */
  | { harm: 'other_principal'; ref: string; owner: string; principal: string }
  /** The model was handed a success whose echoed arguments are not the ones the call asked with. */
  | { harm: 'old_result'; field: string; asked: string; got: string }
  /** Data served to a principal whose access was revoked. */
  | { harm: 'revoked_served'; principal: string }
  /** The model was told nothing started, while the downstream holds the write. */
  | { harm: 'told_not_started'; code: string; ref: string }
  /** The real plane settled the write; this one left the model with OUTCOME_UNKNOWN. */
  | { harm: 'left_unknown' };

const ECHO = ['order_ref', 'reason', 'query', 'to', 'title'] as const;

function refOf(a: LabAnswer): string | null {
  const data = a.model_result.data as Record<string, unknown> | null;
  if (data === null || typeof data !== 'object') return null;
  const ref = data.draft_ref ?? data.message_ref;
  return typeof ref === 'string' ? ref : null;
}

export function harmsOf(broken: LabState, real: LabState): Harm[] {
  const out: Harm[] = [];
  const rows = broken.drafts.length + broken.emails.length;
  const realRows = real.drafts.length + real.emails.length;
  if (rows > realRows) out.push({ harm: 'duplicate_write', rows, real: realRows });
  const a = broken.answers[0];
  if (a === undefined) return out;
  const ledger = [
    ...broken.drafts.map((d) => ({ ref: d.draft_ref, ...d })),
    ...broken.emails.map((m) => ({ ref: m.message_ref, ...m })),
  ];
  const ref = refOf(a);
  if (a.model_result.status === 'succeeded') {
    const row = ref === null ? undefined : ledger.find((r) => r.ref === ref);
    if (row !== undefined && ref !== null && row.owner !== a.principal)
      out.push({ harm: 'other_principal', ref, owner: row.owner, principal: a.principal });
    const data = a.model_result.data as Record<string, unknown>;
    for (const field of ECHO)
      if (field in a.args && field in data && data[field] !== a.args[field]) {
        out.push({ harm: 'old_result', field, asked: String(a.args[field]), got: String(data[field]) });
        break;
      }
    if (!a.access) out.push({ harm: 'revoked_served', principal: a.principal });
  }
  if (a.model_result.execution.outcome === 'not_started' && a.model_result.error !== null) {
    const row = ledger.find((r) => r.idempotency_key === a.key && r.owner === a.principal);
    if (row !== undefined) out.push({ harm: 'told_not_started', code: a.model_result.error.code, ref: row.ref });
  }
  const r = real.answers[0];
  if (a.model_result.status === 'unknown' && r !== undefined && r.model_result.status === 'succeeded')
    out.push({ harm: 'left_unknown' });
  return out;
}
