import { describe, expect, it } from 'vitest';
import {
  callBindingFields,
  digestPreimages,
  project,
  requestFields,
  type Scenario,
  validateResultDetailed,
} from '#lib/core/result/index.ts';
import { parseStrictJson } from '#lib/core/json/index.ts';
import { chapterTools, findScenario } from '../chapter/index.ts';
import { changedInputs, fieldMap, packageFieldNames, preimageInputs } from './digestInputs.ts';

const scenario = (id: string): Scenario => {
  const s = findScenario(id);
  if (s === null) throw new Error(`no scenario ${id}`);
  return s;
};

function evaluate(s: Scenario) {
  const pkg = project(s.handler_output, s.context, chapterTools);
  const report = validateResultDetailed(pkg, s.context, chapterTools);
  return { pkg, pre: digestPreimages(report, s.context, chapterTools) };
}

const refund = scenario('create_refund_draft.created');

describe('a digest’s inputs are the members of the preimage the core hashes', () => {
  const { pkg, pre } = evaluate(refund);

  it('request and call binding: exactly the members of requestFields and callBindingFields', () => {
    const names = (p: string | null) => preimageInputs(p).map((i) => i.name);
    expect(names(pre.request_sha256).sort()).toEqual(Object.keys(requestFields(refund.context, chapterTools)).sort());
    expect(names(pre.call_binding_sha256).sort()).toEqual(
      Object.keys(callBindingFields(refund.context, 'x', 'y', chapterTools)).sort(),
    );
  });

  it('result: each member of model_result, opened one level', () => {
    expect(
      preimageInputs(pre.result_sha256)
        .map((i) => i.name)
        .sort(),
    ).toEqual(
      Object.keys(pkg.model_result)
        .map((k) => `model_result.${k}`)
        .sort(),
    );
  });

  it('no preimage, no inputs', () => {
    expect(preimageInputs(null)).toEqual([]);
    expect(preimageInputs('not json')).toEqual([]);
  });
});

describe('the field → digest map', () => {
  const { pkg, pre } = evaluate(refund);
  const map = new Map(fieldMap(pkg, pre).map((f) => [f.field, f]));
  const feeds = (field: string) => {
    const f = map.get(field);
    if (f === undefined) throw new Error(`no field ${field}`);
    return { direct: [...f.direct].sort(), through: f.through };
  };

  it('the names the panel lists before reading any preimage are the map’s fields, in its order', () => {
    expect(packageFieldNames(pkg)).toEqual(fieldMap(pkg, pre).map((f) => f.field));
  });

  it('a member of model_result feeds result_sha256, and call_binding_sha256 through it', () => {
    expect(feeds('model_result.data')).toEqual({
      direct: ['result_sha256'],
      through: [{ digest: 'call_binding_sha256', via: 'result_sha256' }],
    });
  });

  it('the audit’s call ids feed the call binding only', () => {
    for (const f of [
      'protected_audit.provider_context.call_id',
      'protected_audit.operation.idempotency_key',
      'protected_audit.provider_context.adapter_revision',
    ])
      expect(feeds(f)).toEqual({ direct: ['call_binding_sha256'], through: [] });
  });

  it('the tool contract’s input revision feeds the request digest too (requestFields holds it)', () => {
    expect(feeds('protected_audit.tool_contract.input_revision').direct).toEqual([
      'call_binding_sha256',
      'request_sha256',
    ]);
    // The handler revision is in the call binding's tool_contract, not in the request's fields.
    expect(feeds('protected_audit.tool_contract.handler_revision').direct).toEqual(['call_binding_sha256']);
  });

  it('the stored request and result digests feed the call binding; what is only descriptive feeds none', () => {
    expect(feeds('protected_audit.binding.request_sha256').direct).toEqual(['call_binding_sha256']);
    expect(feeds('protected_audit.binding.result_sha256').direct).toEqual(['call_binding_sha256']);
    for (const f of [
      'protected_audit.principal_ref',
      'protected_audit.downstream.request_ref',
      'protected_audit.redactions',
      'protected_audit.violations',
      'protected_audit.binding.call_binding_sha256',
    ])
      expect(feeds(f)).toEqual({ direct: [], through: [] });
  });

  it('follows the preimages, not a list: a call binding without the idempotency key would not be fed by it', () => {
    const parsed = parseStrictJson(pre.call_binding_sha256 as string);
    const pruned = (parsed.ok ? parsed.value : {}) as Record<string, unknown>;
    delete pruned.idempotency_key;
    const m = new Map(fieldMap(pkg, { ...pre, call_binding_sha256: JSON.stringify(pruned) }).map((f) => [f.field, f]));
    expect(m.get('protected_audit.operation.idempotency_key')?.direct).toEqual([]);
  });
});

describe('changed inputs between two evaluations', () => {
  const before = evaluate(refund).pre;

  it('another call id changes the call binding’s call_id only; the request digest’s inputs stay', () => {
    const s = structuredClone(refund);
    s.context.call.call_id = `${s.context.call.call_id}_other`;
    const after = evaluate(s).pre;
    expect([...changedInputs(before.call_binding_sha256, after.call_binding_sha256)]).toEqual(['call_id']);
    expect(changedInputs(before.request_sha256, after.request_sha256).size).toBe(0);
  });

  it('another business value changes model_result.data, and through result_sha256 the call binding', () => {
    const s = structuredClone(refund);
    (s.handler_output as { data: { reason: string } }).data.reason = 'another reason';
    (s.context.arguments as { reason: string }).reason = 'another reason';
    const after = evaluate(s).pre;
    expect([...changedInputs(before.result_sha256, after.result_sha256)]).toEqual(['model_result.data']);
    expect([...changedInputs(before.request_sha256, after.request_sha256)]).toEqual(['arguments']);
    expect([...changedInputs(before.call_binding_sha256, after.call_binding_sha256)].sort()).toEqual([
      'request_sha256',
      'result_sha256',
    ]);
  });

  it('nothing before: nothing marked', () => {
    expect(changedInputs(undefined, before.result_sha256).size).toBe(0);
    expect(changedInputs(null, before.result_sha256).size).toBe(0);
  });
});
