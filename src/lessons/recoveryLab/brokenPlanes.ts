/**
 * Broken control planes, to run beside the real one (src/control) on a stage
 * of their own: each is one small plane that makes one of the mistakes the
 * chapter names, and otherwise does what the real plane does (authorize,
 * look up the key's record, compare the fingerprint, replay, ask the status,
 * wait out a retry-after within the deadline). Every package is still made by
 * the dispatcher's `project`, so what the model sees is what such a plane
 * would really hand it. Lab code only: nothing here is, or may become, part
 * of src/control. The lab (./lab.ts) drives one with the learner's actions,
 * as it drives the real plane, and `harmsOf` names what then shows.
 */
import type { Dispatcher, ModelResult, Package, TrustedContext } from '#lib/core/index.ts';
import type {
  Approval,
  Attempt,
  Authorize,
  Clock,
  Execution,
  KeyedPlaneCall,
  Preview,
  Principal,
  ToolRuntime,
} from '#lib/control/index.ts';
import type { BrokenPlaneId } from './brokenPlaneIds.ts';

/** The message a handler, a proxy or a translation may put in an error instead of the catalog's (mistake 5's rewrite). */
export const REWORDED_MESSAGE = 'Temporary glitch: call the tool again right away.';

/** The text rule a plane that reads the message follows (as mistake 5's does): words of retrying mean "again, now". */
export const guessFromText = (message: string): 'again' | 'stop' =>
  /again|retry|temporar|重试/i.test(message) ? 'again' : 'stop';

/** A record as a broken plane keeps it: the model's whole package is cached, as naive planes cache responses. */
interface BrokenRecord {
  idempotency_key: string;
  principal_ref: string;
  tool: string;
  fingerprint: string;
  state: 'started' | 'completed' | 'unknown';
  operation_id: string;
  lease_until: number;
  expires_at: number;
  pkg: Package | null;
  /** The handler output the package was made from: a replay makes its package again, for the call that asks. */
  output: unknown;
}

/** An execution, and whether the plane then dispatches the call again as a new call (a new key): its mistake, not the learner's. */
export type BrokenExecution = Execution & { redispatch?: true };

export interface BrokenPlane {
  readonly id: BrokenPlaneId;
  execute(call: KeyedPlaneCall): Promise<BrokenExecution>;
  approve(preview: Preview, approver: Principal): Promise<Approval>;
  /** The records it holds at `now`, for the lab's records panel. */
  records(now: number): Omit<BrokenRecord, 'pkg' | 'output' | 'principal_ref'>[];
}

export interface BrokenPlaneOptions {
  dispatcher: Dispatcher;
  runtimes: Readonly<Record<string, ToolRuntime>>;
  authorize: Authorize;
  clock: Clock;
  policy: { deadline_ms: number; lease_ms: number; max_attempts: number };
  principalRefOf(p: Principal): string;
  /** Whether the handler's errors carry REWORDED_MESSAGE instead of the catalog's message (only a text reader notices). */
  reworded(): boolean;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const RETENTION_MS = 86_400_000;
const APPROVAL_TTL_MS = 900_000;

/** A digest of the intent (tool and arguments, keys sorted), short and stable; the lab's, not the contract's. */
function fingerprintOf(tool: string, args: unknown): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  const text = JSON.stringify([tool, canon(args)]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `fp_${h.toString(16).padStart(8, '0')}`;
}

export function createBrokenPlane(id: BrokenPlaneId, o: BrokenPlaneOptions): BrokenPlane {
  const records = new Map<string, BrokenRecord>();
  const previews = new Map<string, { tool: string; expires_at: number }>();
  const approvals = new Map<string, { request_sha256: string; expires_at: number; used: boolean }>();
  let tokens = 0;

  const scopeOf = (call: KeyedPlaneCall) =>
    id === 'global_keys'
      ? call.call.idempotency_key
      : `${o.principalRefOf(call.principal)}\u0000${call.call.idempotency_key}`;

  async function execute(call: KeyedPlaneCall): Promise<BrokenExecution> {
    const attempts: Attempt[] = [];
    const begin = (kind: Attempt['kind']) => {
      const started = o.clock.now();
      return (code: string | null) =>
        attempts.push({ n: attempts.length + 1, kind, started_at: iso(started), ended_at: iso(o.clock.now()), code });
    };
    const trusted = (delivery: TrustedContext['delivery']): TrustedContext => ({
      principal: call.principal,
      call: call.call,
      tool: call.tool,
      arguments: call.arguments as TrustedContext['arguments'],
      delivery,
      now: iso(o.clock.now()),
    });
    const made = (output: unknown, delivery: TrustedContext['delivery'] = 'fresh') =>
      o.dispatcher.project(output, trusted(delivery));
    const done = (pkg: Package, delivery: Execution['delivery'] = 'fresh', preview?: Preview): Execution => ({
      pkg,
      trusted: trusted(delivery),
      delivery,
      attempts,
      audit_seq: null,
      ...(preview === undefined ? {} : { preview }),
    });
    const error = (code: string, retry_after_ms?: number) =>
      made({ kind: 'error', error: { code, ...(retry_after_ms === undefined ? {} : { retry_after_ms }) } });

    const spec = Object.hasOwn(o.dispatcher.tools, call.tool) ? o.dispatcher.tools[call.tool] : undefined;
    const runtime = o.runtimes[call.tool];
    if (spec === undefined || runtime === undefined) return done(made(null));
    const write = spec.effect === 'write';
    const start = o.clock.now();
    const deadline = start + o.policy.deadline_ms;
    const scope = scopeOf(call);
    const fingerprint = fingerprintOf(call.tool, call.arguments);
    const ask = async () => (await o.authorize(call.principal, call.tool, call.arguments)) === true;

    // Step 1: the real plane asks authorize before anything is read; this one only before a run.
    if (id !== 'replay_no_authz' && !(await ask())) return done(error('NOT_FOUND'));
    const now0 = o.clock.now();
    const found = records.get(scope);
    const rec = found !== undefined && found.expires_at > now0 ? found : undefined;
    if (rec !== undefined) {
      if (id !== 'no_fingerprint' && rec.fingerprint !== fingerprint) return done(error('IDEMPOTENCY_CONFLICT'));
      if (rec.state === 'completed' && rec.pkg !== null) {
        begin('replay')(null);
        // The cached result, bound to the call that asks as the real plane binds a replay: the last hop then passes
        // it, so what a broken plane's replay shows is its own mistake (who it served), not an unbound package. The
        // plane that skips the fingerprint hands back the cached package itself, as a response cache does: made
        // again under other arguments, the echo rule would refuse it and hide the mistake it shows.
        if (id === 'no_fingerprint') return done(rec.pkg, 'local_replay');
        return done(made(rec.output, 'local_replay'), 'local_replay');
      }
      if (rec.state === 'unknown') return statusOnly(rec);
      if (rec.lease_until > now0)
        return done(write ? error('OUTCOME_UNKNOWN') : error('TIMEOUT_BEFORE_EXECUTE', 1_000));
    }
    if (id === 'replay_no_authz' && !(await ask())) return done(error('NOT_FOUND'));

    if (runtime.approval === 'required') {
      const a = call.approval === undefined ? undefined : approvals.get(call.approval.approval_id);
      if (a === undefined) {
        const preview: Preview = {
          request_sha256: fingerprint,
          tool: call.tool,
          arguments: call.arguments,
          expires_at: iso(now0 + APPROVAL_TTL_MS),
        };
        previews.set(fingerprint, { tool: call.tool, expires_at: now0 + APPROVAL_TTL_MS });
        return done(error('APPROVAL_REQUIRED'), 'fresh', preview);
      }
      if (a.used || a.request_sha256 !== fingerprint || a.expires_at <= now0) return done(error('APPROVAL_INVALID'));
      a.used = true;
    }

    const claimed: BrokenRecord = {
      idempotency_key: call.call.idempotency_key,
      principal_ref: o.principalRefOf(call.principal),
      tool: call.tool,
      fingerprint,
      state: 'started',
      operation_id: call.call.operation_id,
      lease_until: now0 + o.policy.lease_ms,
      expires_at: now0 + RETENTION_MS,
      pkg: null,
      output: null,
    };
    records.set(scope, claimed);
    const complete = (pkg: Package, delivery: Execution['delivery'], output: unknown) => {
      Object.assign(claimed, { state: 'completed', pkg, output, expires_at: o.clock.now() + RETENTION_MS });
      return done(pkg, delivery);
    };
    const release = (pkg: Package) => {
      records.delete(scope);
      return done(pkg);
    };

    async function statusQuery(): Promise<Execution | null> {
      const end = begin('status_query');
      const q = await runtime?.queryStatus?.({
        operation_id: call.call.operation_id,
        idempotency_key: call.call.idempotency_key,
        attempt: 1,
        signal: new AbortController().signal,
      });
      end(q === undefined || q.state === 'unknown' ? 'OUTCOME_UNKNOWN' : null);
      if (q?.state === 'committed') {
        const pkg = made(q.handler_output, 'receipt_reconciled');
        if (pkg.model_result.status === 'succeeded') return complete(pkg, 'receipt_reconciled', q.handler_output);
        return done(error('STATUS_CONFLICT'));
      }
      if (q?.state === 'not_started') return null;
      return done(error('OUTCOME_UNKNOWN'));
    }
    async function statusOnly(r: BrokenRecord): Promise<Execution> {
      const answered = await statusQuery();
      if (answered !== null) {
        if (answered.delivery === 'receipt_reconciled') Object.assign(r, { state: 'completed', pkg: answered.pkg });
        return answered;
      }
      records.delete(scope);
      return done(error('TIMEOUT_BEFORE_EXECUTE', 1_000));
    }

    for (let runs = 1; ; runs++) {
      const end = begin('run');
      let output: unknown;
      try {
        output = await runtime.run(call.arguments, {
          operation_id: call.call.operation_id,
          idempotency_key: call.call.idempotency_key,
          attempt: runs,
          signal: new AbortController().signal,
        });
      } catch {
        output = write ? { kind: 'error', error: { code: 'OUTCOME_UNKNOWN' } } : { kind: 'exception' };
      }
      const pkg = made(output);
      const mr: ModelResult = pkg.model_result;
      end(mr.error?.code ?? null);
      if (mr.status === 'succeeded') return complete(pkg, 'fresh', output);
      const code = mr.error?.code ?? '';
      const notStarted = mr.execution.outcome === 'not_started';

      if (id === 'redispatch_unknown' && write && !notStarted) {
        // The booleans { ok: false, cached: false, retryable: true }: "retryable", so the call is dispatched again, as a new call.
        records.delete(scope);
        return { ...done(pkg), redispatch: true };
      }
      if (id === 'recovery_from_message') {
        // The next step read from the words: "again" dispatches it again as a new call at once; anything else stops here.
        const text = o.reworded() ? REWORDED_MESSAGE : (mr.error?.message ?? '');
        records.delete(scope);
        return guessFromText(text) === 'again' ? { ...done(pkg), redispatch: true } : done(pkg);
      }
      if (write && !notStarted) {
        Object.assign(claimed, { state: 'unknown' });
        return (await statusQuery()) ?? release(error('TIMEOUT_BEFORE_EXECUTE', 1_000));
      }
      if (write && id !== 'rerun_not_started') {
        // The real plane's rule: a write's "not started" is the handler's word; ask the downstream first.
        const answered = await statusQuery();
        if (answered !== null) return answered;
      }
      const transient = code === 'RATE_LIMIT' || code === 'TIMEOUT_BEFORE_EXECUTE';
      const wait = mr.error?.retry_after_ms ?? 0;
      if (!transient || runs >= o.policy.max_attempts || o.clock.now() + wait >= deadline) return release(pkg);
      const endWait = begin('wait');
      await o.clock.sleep(wait);
      endWait(null);
    }
  }

  return {
    id,
    execute,
    approve(preview, approver) {
      const p = previews.get(preview.request_sha256);
      if (p === undefined || p.expires_at <= o.clock.now()) return Promise.reject(new Error('preview refused'));
      const approval_id = `apr_broken_${++tokens}`;
      approvals.set(approval_id, { request_sha256: preview.request_sha256, expires_at: p.expires_at, used: false });
      return Promise.resolve({
        approval_id,
        request_sha256: preview.request_sha256,
        tool: preview.tool,
        approver_ref: o.principalRefOf(approver),
        expires_at: iso(p.expires_at),
      });
    },
    records(now) {
      return [...records.values()]
        .filter((r) => r.expires_at > now)
        .map(({ idempotency_key, tool, fingerprint, state, operation_id, lease_until, expires_at }) => ({
          idempotency_key,
          tool,
          fingerprint,
          state,
          operation_id,
          lease_until,
          expires_at,
        }));
    },
  };
}
