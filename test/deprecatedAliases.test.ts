/**
 * The names a naming pass replaced stay, deprecated, for one release: each old name is the new
 * value itself, so code written against the old one (an `instanceof`, a call) behaves the same.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { chapterTools, findScenario } from '../src/chapter/index.ts';
import { ApprovalRefused, ApprovalRefusedError } from '../src/control/index.ts';
import {
  AdapterRefused,
  AdapterRefusedError,
  adapterFor,
  assembleTurn,
  findAdapter,
  findTool,
  lookupTool,
  PROVIDER_ADAPTERS,
  StreamTextRefused,
  StreamTextRefusedError,
  toProviderItem,
  TurnRefused,
  TurnRefusedError,
} from '../src/core/index.ts';
import {
  previewDispatch,
  previewPayloads,
  type DispatchPreview,
  type PayloadPreview,
} from '../src/core/lastHop/index.ts';

describe('deprecated aliases: the old name is the new value', () => {
  it('previewDispatch is previewPayloads', () => {
    expect(previewDispatch).toBe(previewPayloads);
    expectTypeOf<DispatchPreview>().toEqualTypeOf<PayloadPreview>();
  });

  it('each refusal class answers instanceof under its old name, and its name is the new one', () => {
    const paid = findScenario('get_order.paid');
    if (paid === null) throw new Error('the chapter has get_order.paid');
    let adapter: unknown = null;
    try {
      toProviderItem({ model_result: {}, protected_audit: {} } as never, paid.context, chapterTools);
    } catch (e) {
      adapter = e;
    }
    expect(adapter).toBeInstanceOf(AdapterRefused);
    expect(adapter).toBeInstanceOf(AdapterRefusedError);
    expect((adapter as AdapterRefused).name).toBe('AdapterRefusedError');
    expect(() => assembleTurn('anthropic', 'data: nope\n\n')).toThrow(StreamTextRefused);
    expect(new TurnRefusedError([])).toBeInstanceOf(TurnRefused);
    expect(new ApprovalRefusedError('expired')).toBeInstanceOf(ApprovalRefused);
    const pairs = [
      [AdapterRefused, AdapterRefusedError],
      [TurnRefused, TurnRefusedError],
      [StreamTextRefused, StreamTextRefusedError],
      [ApprovalRefused, ApprovalRefusedError],
    ] as const;
    for (const [old, renamed] of pairs) expect(old).toBe(renamed);
  });

  it('lookupTool is findTool; adapterFor answers as findAdapter with one argument', () => {
    expect(lookupTool).toBe(findTool);
    for (const a of PROVIDER_ADAPTERS) expect(adapterFor(a.provider)).toBe(findAdapter(a.provider));
  });
});
