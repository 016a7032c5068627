import { describe, expect, it } from 'vitest';
import { describeParams } from '../messages/index.ts';
import { ViolationList } from './violation.ts';

describe('a violation’s detail', () => {
  const list = new ViolationList();
  list.add('SENSITIVE_FIELD', '/data/token', { kind: 'denied_key', key: 'token', list: 'credential' });
  const [v] = list.items;

  it('is rendered from its params when it is read, not when the violation is found', () => {
    const property = Object.getOwnPropertyDescriptor(v, 'detail');
    expect(property?.get).toBeTypeOf('function');
    expect(property?.enumerable).toBe(true);
    expect(v?.detail).toBe(describeParams(v!.params));
  });

  it('reads as a plain member to JSON, a copy and a spread', () => {
    const plain = { code: 'SENSITIVE_FIELD', path: '/data/token', params: v?.params, detail: v?.detail };
    expect(JSON.parse(JSON.stringify(v))).toEqual(plain);
    expect(structuredClone(v)).toEqual(plain);
    expect({ ...v }).toEqual(plain);
  });
});
