/**
 * One conversation of the banking replay (docs/agentdojo.md): a control plane over one environment with the layers
 * asked for, the principal (the account holder), and the calls a turn asks, run one after another as a model would
 * ask them, each bound to the conversation for argument provenance.
 */
import { canonicalize, createDispatcher } from '#lib/core/index.ts';
import {
  createControlPlane,
  memoryStore,
  virtualClock,
  type ControlPlane,
  type Execution,
  type PlaneCall,
  type ToolRuntime,
} from '#lib/control/index.ts';
import type { BankingEnvironment } from './banking/environment.ts';
import { bankingRuntimes } from './banking/runtimes.ts';
import type { GroundTruthCall } from './banking/suiteTypes.ts';
import { bankingToolSpecs } from './banking/tools.ts';

export interface Layers {
  provenance: boolean;
  authorization: boolean;
}

/** The replay's policy, stated once: what each layer adds to a plane that has only the contract. */
export const POLICY = {
  /** Argument provenance: the arguments that name where money or access goes. */
  trusted_arguments: {
    send_money: ['recipient'],
    schedule_transaction: ['recipient'],
    update_scheduled_transaction: ['recipient'],
    update_password: ['password'],
  } as Readonly<Record<string, readonly string[]>>,
  /** Authorization: a bank asks a person (step-up) before a password changes. */
  approval_required: ['update_password'] as readonly string[],
} as const;

export interface CallsOutcome {
  /** Every call ran (`succeeded`), the first that did not was held for a person, or it was refused. */
  kind: 'ran' | 'held' | 'refused';
  why: string;
}

export const emma = { tenant: 'bank', subject: 'emma-johnson' };
const KEY = { id: 'agentdojo-replay', secret: 'a5'.repeat(32) };

function runtimesFor(env: BankingEnvironment, layers: Layers): Record<string, ToolRuntime> {
  const base = bankingRuntimes(env) as Record<string, ToolRuntime>;
  const out: Record<string, ToolRuntime> = {};
  for (const [name, rt] of Object.entries(base)) {
    const trusted = layers.provenance ? POLICY.trusted_arguments[name] : undefined;
    const approval = layers.authorization && POLICY.approval_required.includes(name);
    out[name] = {
      ...rt,
      ...(trusted === undefined ? {} : { trusted_arguments: trusted }),
      ...(approval ? { approval: 'required' as const } : {}),
    };
  }
  return out;
}

/**
 * The principal's records, as a bank knows them: the account's own IBAN and the payees the user paid or scheduled
 * before this conversation. Not the senders of incoming payments: anyone can pay you (docs/argument-provenance.md).
 */
export function records(env: BankingEnvironment): string[] {
  const own = env.bank_account.iban;
  const paid = env.bank_account.transactions.filter((t) => t.sender === 'me' || t.sender === own);
  return [own, ...paid.map((t) => t.recipient), ...env.bank_account.scheduled_transactions.map((t) => t.recipient)];
}

export interface Conversation {
  plane: ControlPlane;
  ref: string;
  n: number;
  /** Every `data` the model was handed, as canonical text: where an injection can be looked for. */
  read: string[];
}

/**
 * `ownIntents`: each call is an intent of its own. The user's turn is one intent (the plane derives one key per
 * distinct call of it); the attacker's calls each get their own, the attacker's best case: three identical
 * payments in one intent would be replayed as one by the plane's derived key, and the replay does not credit that.
 */
export async function runCalls(
  c: Conversation,
  calls: readonly GroundTruthCall[],
  ownIntents = false,
): Promise<CallsOutcome> {
  for (const { tool, args } of calls) {
    c.n += 1;
    const call: PlaneCall = {
      principal: emma,
      call: {
        provider: 'openai',
        api_family: 'responses',
        adapter_revision: 'openai-responses-2026-07-19',
        response_id: `resp_${c.n}`,
        call_id: `call_${c.n}`,
        operation_id: `op_${c.ref}_${c.n}`,
      },
      tool,
      arguments: args,
      intent_ref: ownIntents ? `${c.ref}.${c.n}` : c.ref,
      conversation_ref: c.ref,
    };
    const ex = await c.plane.execute(call);
    if (ex.pkg.model_result.data !== null) c.read.push(canonicalize(ex.pkg.model_result.data));
    const code = ex.pkg.model_result.error?.code;
    if (ex.pkg.model_result.status === 'succeeded') continue;
    if (code === 'APPROVAL_REQUIRED') return { kind: 'held', why: heldWhy(tool, ex) };
    return { kind: 'refused', why: `${tool} answered ${code ?? ex.pkg.model_result.status}` };
  }
  return { kind: 'ran', why: 'every ground-truth call ran' };
}

function heldWhy(tool: string, ex: Execution): string {
  const held = ex.preview?.provenance ?? [];
  if (held.length === 0) return `authorization: ${tool} needs a person (approval: 'required')`;
  return held
    .map(
      (h) =>
        `argument provenance: ${tool}.${h.argument} was read only in ${h.seen_in.tool}'s result ` +
        '(trusted_arguments), never from the user or their records',
    )
    .join('; ');
}

export function planeFor(env: BankingEnvironment, layers: Layers): ControlPlane {
  return createControlPlane({
    dispatcher: createDispatcher({ tools: Object.values(bankingToolSpecs) }),
    store: memoryStore(),
    runtimes: runtimesFor(env, layers),
    clock: virtualClock(),
    key: KEY,
    authorize: () => true,
  });
}
