import type { LabTool } from './stage.ts';

/** Other arguments for the same intent's key: the free-text part reworded (what a model asking again would do). */
export function otherArguments(tool: LabTool, args: Record<string, unknown>): Record<string, unknown> {
  const swap = (v: unknown, a: string, b: string) => (v === a ? b : v === b ? a : `${String(v)} (reworded)`);
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
