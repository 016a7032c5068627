import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { createDispatcher } from './dispatcher.ts';
import { defineTool, ToolSpecError } from '../tables/defineTool.ts';
import { project } from '../result/project.ts';
import { validateResult } from '../result/validateResult.ts';
import type { TrustedContext } from '../result/trustedContext.ts';
import { findScenario, chapterTools } from '../../../../../src/chapter/index.ts';

const getInvoice = defineTool({
  name: 'get_invoice',
  effect: 'read',
  title: 'Look up an invoice',
  input: z.strictObject({ invoice_ref: z.string().regex(/^INV-[0-9]{1,9}$/) }),
  output: z.strictObject({
    invoice_ref: z.string(),
    total_cents: z.number().int().min(0),
    lines: z.array(z.strictObject({ sku: z.string() })),
  }),
  echo: [{ output: 'invoice_ref', input: 'invoice_ref' }],
  revisions: {
    input_revision: 'get_invoice.input.v1',
    output_revision: 'get_invoice.output.v1',
    effect_revision: 'get_invoice.effect.read.v1',
    handler_revision: 'billing-handler-v1',
    producer_revision: 'billing-v1',
    policy_revision: 'billing-policy-v1',
  },
  source_label: 'billing',
});

const chapter = findScenario('get_order.paid');
if (chapter === null) throw new Error('scenario get_order.paid is missing');
const trusted: TrustedContext = { ...chapter.context, tool: 'get_invoice', arguments: { invoice_ref: 'INV-42' } };
const success = (data: unknown) => ({
  kind: 'success',
  data,
  provenance: {
    source_label: 'billing',
    producer_revision: 'billing-v1',
    resource_revision: 'inv-42-r1',
    observed_at: '2026-07-19T00:00:02Z',
  },
});
const valid = { invoice_ref: 'INV-42', total_cents: 1299, lines: [{ sku: 'A-1' }] };
const billing = createDispatcher({ tools: [getInvoice] });
const codes = (pkg: { protected_audit: { violations: { code: string; path: string }[] } }) =>
  pkg.protected_audit.violations.map((v) => `${v.code} ${v.path}`);

describe('createDispatcher with an engineer’s own tool', () => {
  it('projects a valid output to a success that its own validator and adapter accept', () => {
    const pkg = billing.project(success(valid), trusted);
    expect(pkg.model_result.status).toBe('succeeded');
    expect(pkg.model_result.data).toEqual(valid);
    expect(pkg.protected_audit.tool_contract.output_revision).toBe('get_invoice.output.v1');
    expect(billing.validateResult(pkg, trusted)).toEqual({ ok: true, violations: [] });
    expect(billing.toProviderItem(pkg, trusted)).toMatchObject({
      type: 'function_call_output',
      call_id: trusted.call.call_id,
    });
    expect(billing.openLiveSession(trusted).preview(success(valid)).pkg).toEqual(pkg);
  });

  it('withholds an extra field, a nested token and a broken echo, each named in the audit', () => {
    const extra = billing.project(success({ ...valid, discount: 5 }), trusted);
    expect(extra.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(codes(extra)).toContain('DATA_SCHEMA /data/discount');
    const token = billing.project(success({ ...valid, lines: [{ sku: 'A-1', access_token: 'x' }] }), trusted);
    expect(token.model_result.data).toBeNull();
    expect(codes(token)).toContain('SENSITIVE_FIELD /data/lines/0/access_token');
    const echo = billing.project(success({ ...valid, invoice_ref: 'INV-43' }), trusted);
    expect(codes(echo)).toContain('INPUT_BINDING /data/invoice_ref');
    for (const pkg of [extra, token, echo]) expect(billing.validateResult(pkg, trusted).ok).toBe(true);
  });

  it('knows only its own tools: the chapter’s are UNKNOWN_TOOL to it, and its own are UNKNOWN_TOOL to the chapter’s functions', () => {
    expect(billing.project(chapter.handler_output, chapter.context).model_result.error?.code).toBe('UNKNOWN_TOOL');
    expect(project(success(valid), trusted, chapterTools).model_result.error?.code).toBe('UNKNOWN_TOOL');
    const pkg = billing.project(success(valid), trusted);
    expect(validateResult(pkg, trusted, chapterTools).violations.map((v) => v.code)).toContain('UNKNOWN_TOOL');
  });

  it('without tools is the chapter’s registry, answering as the top-level functions do', () => {
    const d = createDispatcher({ tools: Object.values(chapterTools) });
    expect(Object.keys(d.tools)).toEqual(['get_order', 'create_refund_draft', 'search_kb']);
    expect(d.project(chapter.handler_output, chapter.context)).toEqual(
      project(chapter.handler_output, chapter.context, chapterTools),
    );
  });

  it('binds composeTurn to its registry', () => {
    const pkg = billing.project(success(valid), trusted);
    const call = {
      type: 'function_call' as const,
      call_id: trusted.call.call_id,
      name: 'get_invoice',
      arguments: '{"invoice_ref":"INV-42"}',
    };
    expect(billing.composeTurn('openai', [call], [{ package: pkg, trusted }]).input).toHaveLength(2);
  });
});

describe('defineTool', () => {
  it('lists every problem of a spec it refuses', () => {
    const bad = {
      ...getInvoice,
      name: '9 bad',
      output: z.object({ total: z.number() }),
      echo: [{ output: 'nope', input: 'invoice_ref' }],
      source_label: 'dispatcher',
    };
    let error: unknown = null;
    try {
      defineTool(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolSpecError);
    const problems = (error as ToolSpecError).problems.join('\n');
    for (const part of ['name must be', 'output must be exact', 'echo output member "nope"', 'dispatcher'])
      expect(problems).toContain(part);
  });

  it('takes schemas from zod/mini as from classic zod (the core’s own are mini), and refuses a loose one from either', () => {
    for (const spec of Object.values(chapterTools)) expect(defineTool(spec).name).toBe(spec.name);
    const miniInvoice = {
      ...getInvoice,
      output: mini.strictObject({
        invoice_ref: mini.string(),
        total_cents: mini.number(),
        lines: mini.array(mini.strictObject({ sku: mini.string() })),
      }),
    };
    const own = createDispatcher({ tools: [defineTool(miniInvoice)] });
    expect(own.project(success(valid), trusted).model_result.status).toBe('succeeded');
    expect(codes(own.project(success({ ...valid, extra: 1 }), trusted))).toContain('DATA_SCHEMA /data/extra');
    expect(() => defineTool({ ...miniInvoice, output: mini.object({ invoice_ref: mini.string() }) })).toThrow(
      /output must be exact/,
    );
  });

  it('refuses two tools with one name in one dispatcher', () => {
    expect(() => createDispatcher({ tools: [getInvoice, getInvoice] })).toThrow(/two tools are named "get_invoice"/);
  });
});
