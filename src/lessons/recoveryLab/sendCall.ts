/**
 * How a lab call reaches a plane. The model's own ask (`dispatch`, `model_again`) is what a dispatcher receives: an
 * OpenAI Responses stream (the lab's calls are OpenAI's), assembled by the core's assembler and handed to the
 * plane's `executeTurn` with no idempotency key, so the key is the plane's, derived from the intent
 * (docs/control-plane.md#turns): what makes a model asking again in a later turn find the first record. A resend
 * under a key the dispatcher chose goes to `execute` with that key; so does every call of a broken plane, which has
 * no turn path (the lab gives it the key the real plane would derive).
 */
import { assembleTurn, type AssembledTurn } from '#lib/core/index.ts';
import type { ControlPlane, Execution, Principal } from '#lib/control/index.ts';
import type { BrokenExecution, BrokenPlane } from './brokenPlanes.ts';
import { labResponseId } from './labAudit.ts';

export interface SentCall {
  n: number;
  principal: Principal;
  tool: string;
  args: Record<string, unknown>;
  /** The key the dispatcher chose, or the one the lab expects the plane to derive for the model's ask. */
  key: string;
  /** The model's own ask: sent as a turn, with no key. */
  asked: boolean;
  approval?: { approval_id: string };
}

export const labCallId = (n: number): string => `call_lab_${n}`;

export function sendCall(plane: ControlPlane | BrokenPlane, c: SentCall): Promise<BrokenExecution> {
  const call_id = labCallId(c.n);
  const operation_id = `op_lab_${c.n}`;
  const approval = c.approval === undefined ? {} : { approval: c.approval };
  if (c.asked && 'executeTurn' in plane)
    return plane
      .executeTurn(modelAsks(labResponseId(c.n), call_id, c.tool, c.args), {
        principal: c.principal,
        history: [],
        calls: { [call_id]: { operation_id, ...approval } },
      })
      .then(([exec]) => exec as Execution);
  return plane.execute({
    principal: c.principal,
    call: {
      provider: 'openai',
      api_family: 'responses',
      adapter_revision: 'openai-responses-2026-07-19',
      response_id: labResponseId(c.n),
      call_id,
      operation_id,
      idempotency_key: c.key,
    },
    tool: c.tool,
    arguments: c.args,
    ...approval,
  });
}

/** The model's stream in which it asks for one call, assembled as the dispatcher receives it. */
function modelAsks(response_id: string, call_id: string, tool: string, args: unknown): AssembledTurn {
  const item = {
    type: 'function_call',
    id: `fc_${call_id}`,
    call_id,
    name: tool,
    arguments: JSON.stringify(args),
    status: 'completed',
  };
  const events = [
    { type: 'response.created', response: { id: response_id, status: 'in_progress', output: [] } },
    { type: 'response.output_item.added', output_index: 0, item: { ...item, arguments: '', status: 'in_progress' } },
    { type: 'response.function_call_arguments.delta', output_index: 0, item_id: item.id, delta: item.arguments },
    { type: 'response.function_call_arguments.done', output_index: 0, item_id: item.id, arguments: item.arguments },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { id: response_id, status: 'completed', output: [item] } },
  ];
  return assembleTurn(
    'openai',
    events.map((e, sequence_number) => ({ ...e, sequence_number })),
  );
}
