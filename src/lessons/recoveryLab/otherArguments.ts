import type { LabTool } from './stage.ts';

const swap = (v: unknown, a: string, b: string) => (v === a ? b : v === b ? a : `${String(v)} (reworded)`);

/** Other arguments under the last call's key (the retry "other arguments, same key"): a field the request's fingerprint covers. */
export function otherArguments(tool: LabTool, args: Record<string, unknown>): Record<string, unknown> {
  switch (tool) {
    case 'create_refund_draft':
      return { ...args, reason: swap(args.reason, 'Item arrived damaged', 'The parcel came broken') };
    case 'get_order':
      return { ...args, order_ref: args.order_ref === 'ORDER-7' ? 'ORDER-8' : 'ORDER-7' };
    case 'search_kb':
      return { ...args, query: swap(args.query, 'refund policy', 'refund rules') };
    case 'send_email':
      return { ...args, title: swap(args.title, 'Your refund', 'About your refund') };
  }
}

/** How the model puts the free text when it asks again: never the composer's words, never the last call's. */
const MODEL_WORDS = {
  reason: ['It was broken when it arrived', 'Arrived in pieces, please refund'],
  body: ['Your refund draft has been prepared.', 'Your refund draft is ready to review.'],
} as const;
const nextWords = (v: unknown, [a, b]: readonly [string, string]) => (v === a ? b : a);

/**
 * The same request in other words, as a model asking again in a later turn would put it: only the free text that
 * is not part of the intent (the runtime's idempotency_fields) changes. A read names its intent with every argument,
 * so it is asked word for word.
 */
export function rewordedArguments(tool: LabTool, args: Record<string, unknown>): Record<string, unknown> {
  switch (tool) {
    case 'create_refund_draft':
      return { ...args, reason: nextWords(args.reason, MODEL_WORDS.reason) };
    case 'send_email':
      return { ...args, body: nextWords(args.body, MODEL_WORDS.body) };
    case 'get_order':
    case 'search_kb':
      return { ...args };
  }
}
