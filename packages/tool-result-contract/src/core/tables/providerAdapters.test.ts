import { describe, expect, it } from 'vitest';
import { findAdapter, PROVIDER_ADAPTERS } from './providerAdapters.ts';

describe('findAdapter: by last hop, or by exact triple', () => {
  it('each last hop by its name, and the same adapter by its full triple', () => {
    for (const a of PROVIDER_ADAPTERS) {
      expect(findAdapter(a.provider)).toBe(a);
      expect(findAdapter(a.provider, a.api_family, a.adapter_revision)).toBe(a);
    }
  });

  it('a triple off by one member, or with members missing, is no adapter: a name alone never stands for a triple', () => {
    const [a] = PROVIDER_ADAPTERS;
    expect(findAdapter(a.provider, a.api_family, `${a.adapter_revision}-next`)).toBeNull();
    const untyped = findAdapter as (...args: unknown[]) => unknown;
    expect(untyped(a.provider, undefined, undefined)).toBeNull();
  });
});
