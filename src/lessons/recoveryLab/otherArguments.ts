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

/**
 * The same request in other words, as a model asking again in a later turn would put it: only the free text that
 * is not part of the intent (the runtime's idempotency_fields) changes. A read names its intent with every argument,
 * so it is asked word for word.
 */
export function rewordedArguments(tool: LabTool, args: Record<string, unknown>): Record<string, unknown> {
  switch (tool) {
    case 'create_refund_draft':
      return { ...args, reason: swap(args.reason, 'Item arrived damaged', 'The parcel came broken') };
    case 'send_email':
      return { ...args, body: swap(args.body, 'Your refund draft is ready.', 'Your refund draft has been prepared.') };
    case 'get_order':
    case 'search_kb':
      return { ...args };
  }
}
