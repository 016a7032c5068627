/**
 * A 64 KiB search_kb.hits handler output, pretty-printed with a 2-space indent
 * as a learner would paste it, for the browser tests of large texts. It has
 * more hits than the call's top_k (5), a contract breach (DATA_SCHEMA at
 * /data/hits/5): 64 KiB cannot be reached with top_k hits or fewer, since a
 * hit's strings are bounded to 120 + 500 + 2048. The first hit's title is
 * sized so that typing `typed` at its end makes it 121 code points long, one
 * over its limit: a DATA_SCHEMA problem at /data/hits/0/title then tells that
 * the typed text (and no earlier one) was evaluated.
 */
import { readFileSync } from 'node:fs';

export const TARGET_BYTES = 65_536;
const TITLE_MAX = 120;
const SNIPPET_MAX = 500;

type Hit = { doc_ref: string; title: string; snippet: string; url: string };
type HandlerOutput = {
  kind: string;
  data: { query: string; hits: Hit[] };
  provenance: Record<string, unknown>;
  [k: string]: unknown;
};

const scenario = JSON.parse(
  readFileSync(new URL('../src/chapter/scenarios/search_kb.hits.json', import.meta.url), 'utf8'),
) as { handler_output: HandlerOutput };

const TOPICS = [
  'damaged items',
  'late deliveries',
  'gift cards',
  'partial refunds',
  'international orders',
  'subscription renewals',
  'store credit',
  'price adjustments',
];
const FILLER =
  'Support checks the order, the payment method and the delivery record before a refund draft is approved. ' +
  'Refunds go back to the original payment method within 5–10 business days; store credit is issued at once. ' +
  'Items must be returned in their original packaging unless they arrived damaged, in which case a photo is enough. ' +
  'Keep the receipt reference: it is needed if the refund has to be reconciled later.';

function hit(i: number): Hit {
  const topic = TOPICS[i % TOPICS.length] as string;
  return {
    doc_ref: `KB-${10_000 + i}`,
    title: `Refunds for ${topic}: what support checks before a refund draft is approved (article ${i + 1})`,
    snippet: `${topic[0]?.toUpperCase()}${topic.slice(1)}: ${FILLER}`.slice(0, 360),
    url: `https://kb.example.com/articles/${10_000 + i}`,
  };
}

export const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** The scenario's handler output with as many hits as fit in TARGET_BYTES, then snippets lengthened to land on it. */
export function bigHandlerOutput(typed: string): { text: string; hitCount: number; title0: string } {
  const out = structuredClone(scenario.handler_output);
  // The first title: `typed` more makes it exactly one code point over the limit.
  const title0 = 'Refund policy for damaged items: how support checks, drafts and approves a refund'
    .padEnd(TITLE_MAX + 1 - typed.length, '.')
    .slice(0, TITLE_MAX + 1 - typed.length);
  const hits: Hit[] = [];
  out.data.hits = hits;
  for (let i = 0; ; i++) {
    const h = hit(i);
    if (i === 0) h.title = title0;
    hits.push(h);
    if (bytes(pretty(out)) > TARGET_BYTES) {
      hits.pop();
      break;
    }
  }
  // Lengthen snippets (ASCII, up to their limit) from the last hit back until the text is TARGET_BYTES long.
  for (let i = hits.length - 1; i >= 0; i--) {
    const need = TARGET_BYTES - bytes(pretty(out));
    if (need <= 0) break;
    const h = hits[i] as Hit;
    const room = SNIPPET_MAX - [...h.snippet].length;
    h.snippet += ' See also the refund FAQ, the returns checklist and the support escalation guide.'
      .repeat(8)
      .slice(0, Math.min(need, room));
  }
  return { text: pretty(out), hitCount: hits.length, title0 };
}
