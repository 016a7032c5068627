/**
 * What the plane notes for argument provenance (docs/argument-provenance.md):
 * after an execute, the values of the data its model is about to read
 * (untrusted, with the call that carried them); on the caller's word, the
 * values it vouches for (trusted). Both as keyed digests, in the store.
 */
import type { TrustedContext } from '../core/index.ts';
import { iso } from './attemptLog.ts';
import { digestsOf } from './argumentProvenance.ts';
import { PlaneCallError } from './controlPlaneErrors.ts';
import { raceDeadline } from './deadlineRace.ts';
import { errorOutput } from './planeOutputs.ts';
import type { Execution, KeyedPlaneCall, PlaneState, Principal } from './planeTypes.ts';
import type { ConversationScope, SeenValue } from './store.ts';

/** Values the caller vouches for in one conversation: `plane.noteTrusted`. */
export interface TrustedNote {
  principal: Principal;
  conversation_ref: string;
  values: readonly string[];
}

/**
 * Note what this execution's model result hands the model, before the model has it. A store that fails or does
 * not answer here must not let data through unnoted (a value in it could later pass as never seen): the answer
 * becomes the one a failed store gives, unaudited, and the caller's retry replays and notes again.
 */
export async function noteRead(s: PlaneState, call: KeyedPlaneCall, execution: Execution): Promise<Execution> {
  const { conversation_ref } = call;
  const data = execution.pkg.model_result.data;
  if (conversation_ref === undefined || data === null) return execution;
  const now = s.clock.now();
  const scope: ConversationScope = { principal_ref: s.principalRefOf(call.principal), conversation_ref };
  const values: SeenValue[] = digestsOf(data, s.key).map((digest) => ({
    digest,
    trust: 'untrusted',
    tool: call.tool,
    operation_id: call.call.operation_id,
  }));
  const noted = await raceDeadline(s.clock, s.policy.status_timeout_ms, () =>
    s.store.noteValues(scope, values, now + s.policy.retention_ms),
  );
  if (noted.kind === 'value') return execution;
  const write = Object.hasOwn(s.dispatcher.tools, call.tool) && s.dispatcher.tools[call.tool]?.effect === 'write';
  const output = write ? errorOutput('OUTCOME_UNKNOWN') : errorOutput('TIMEOUT_BEFORE_EXECUTE', 1_000);
  const trusted: TrustedContext = s.trusted(call, 'fresh', s.clock.now());
  return {
    pkg: s.dispatcher.project(output, trusted),
    trusted,
    delivery: 'fresh',
    attempts: execution.attempts,
    audit_seq: null,
  };
}

/** Mark the caller's values trusted for the conversation; a malformed note is the caller's bug, named by place. */
export async function noteTrusted(s: PlaneState, note: TrustedNote): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  const n = (typeof note === 'object' && note !== null ? note : {}) as Partial<TrustedNote>;
  const p = n.principal as Partial<Principal> | undefined;
  if (typeof p?.tenant !== 'string' || p.tenant === '' || typeof p.subject !== 'string' || p.subject === '')
    issues.push({ path: '/principal', message: 'must be { tenant, subject }, both non-empty strings' });
  const ref = n.conversation_ref;
  if (!(typeof ref === 'string' && ref.length > 0 && ref.length <= 256))
    issues.push({ path: '/conversation_ref', message: 'must be a string of 1 to 256 characters' });
  if (!Array.isArray(n.values)) issues.push({ path: '/values', message: 'must be a list of strings' });
  else
    n.values.forEach((v, i) => {
      if (typeof v !== 'string') issues.push({ path: `/values/${i}`, message: 'must be a string' });
    });
  if (issues.length > 0) throw new PlaneCallError(issues);
  const scope = { principal_ref: s.principalRefOf(n.principal as Principal), conversation_ref: ref as string };
  const values: SeenValue[] = digestsOf(n.values, s.key).map((digest) => ({
    digest,
    trust: 'trusted',
    tool: null,
    operation_id: null,
  }));
  const now = s.clock.now();
  const noted = await raceDeadline(s.clock, s.policy.deadline_ms, () =>
    s.store.noteValues(scope, values, now + s.policy.retention_ms),
  );
  // Unnoted, a trusted value would hold the user's own payment: safe, but the caller must know it was not kept.
  if (noted.kind !== 'value')
    throw new Error(`noteTrusted: the store failed or did not answer by ${iso(now + s.policy.deadline_ms)}`);
}
