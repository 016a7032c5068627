/** What the three providers' fixture writers share: the principal, the tools' outputs, the file format. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chapterTools, findScenario } from '../../src/chapter/index.ts';
import { project } from '#lib/core/result/index.ts';
import { toProviderItem } from '#lib/core/lastHop/index.ts';
import { PROVIDER_ADAPTERS } from '#lib/core/tables/index.ts';

export type J = Record<string, unknown>;
export const OUT = join(import.meta.dirname, '..', '..', 'src', 'chapter', 'turns');
export const PRINCIPAL = { tenant: 'tenant-acme-retail', subject: 'user-7f3a9c21' };
export const NOW = '2026-07-19T00:01:00Z';
export const KEY = {
  id: 'audit-key-2026-07',
  secret: '6f8e1d2c3b4a59687766554433221100ffeeddccbbaa99887766554433221100',
};

export const ORDER_OK = {
  kind: 'success',
  data: { order_ref: 'ORDER-7', status: 'paid' },
  provenance: {
    source_label: 'orders',
    producer_revision: 'orders-mock-v2',
    resource_revision: 'order-7-r3',
    observed_at: '2026-07-19T00:00:59Z',
  },
  downstream: { request_ref: 'ordreq_8a61f0c2d4', receipt_ref: 'rcpt_order_7_4471c0', status_ref: null },
};
export const KB_OK = (findScenario('search_kb.hits') as { handler_output: J }).handler_output;
export const tools = {
  openai: [
    {
      type: 'function',
      name: 'get_order',
      description: 'Look up an order',
      parameters: {
        type: 'object',
        properties: { order_ref: { type: 'string' } },
        required: ['order_ref'],
        additionalProperties: false,
      },
      strict: true,
    },
    {
      type: 'function',
      name: 'search_kb',
      description: 'Search the knowledge base',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' }, top_k: { type: 'integer' } },
        required: ['query'],
        additionalProperties: false,
      },
      strict: false,
    },
  ],
};

export const callCtx = (n: string) => ({ operation_id: `op_turn_${n}`, idempotency_key: `idem_turn_${n}_5e0b7a91` });

export interface Fixture {
  id: string;
  title: string;
  summary: string;
  stream: unknown[];
  calls: string[];
  history: unknown[];
  handlers: J;
  expect: { problems: string[]; gates: J };
  malformed?: number[];
  key?: boolean;
}

export function write(provider: string, f: Fixture): void {
  const turn_context: J = {
    principal: PRINCIPAL,
    now: NOW,
    ...(f.key ? { key: KEY } : {}),
    calls: Object.fromEntries(f.calls.map((c, i) => [c, callCtx(`${f.id.replace(/\W/g, '_')}_${i + 1}`)])),
    history: f.history,
  };
  const file = {
    format: 'tool-turn-fixture-v1',
    id: f.id,
    provider,
    title: f.title,
    summary: f.summary,
    expect: f.expect,
    ...(f.malformed ? { outside_sdk_union: f.malformed } : {}),
    stream: f.stream,
    turn_context,
    handlers: f.handlers,
  };
  writeFileSync(join(OUT, `${f.id}.json`), `${JSON.stringify(file, null, 2)}\n`);
}

/** The result of search_kb.injection, as the first request's history carries it. */
export function injectionItem(provider: 'openai' | 'anthropic' | 'gemini', call_id: string): J {
  const s = findScenario('search_kb.injection') as { context: J & { call: J }; handler_output: unknown };
  const a = PROVIDER_ADAPTERS.find((x) => x.provider === provider) as {
    provider: string;
    api_family: string;
    adapter_revision: string;
  };
  const context = {
    ...s.context,
    call: {
      ...s.context.call,
      provider: a.provider,
      api_family: a.api_family,
      adapter_revision: a.adapter_revision,
      call_id,
    },
  } as never;
  return toProviderItem(project(s.handler_output, context, chapterTools), context, chapterTools) as unknown as J;
}
