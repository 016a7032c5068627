import { describe, expect, it } from 'vitest';
import { parseStrictJson } from '#lib/core/index.ts';
import { insertMember } from './insertMember.ts';
import { handlerTextOf } from './work.ts';

describe('insertMember', () => {
  it('adds the member first in its object, in the layout of the object, the rest of the text untouched', () => {
    const pretty = handlerTextOf({ kind: 'success', data: { query: 'q', hits: [{ doc_ref: 'KB-1' }] } });
    const out = insertMember(pretty, '/data/hits/0', 'token', 'tok') as string;
    expect(out).toBe(pretty.replace('{\n        "doc_ref"', '{\n        "token": "tok",\n        "doc_ref"'));
    const parsed = parseStrictJson(out);
    expect(parsed.ok && parsed.value).toEqual({
      kind: 'success',
      data: { query: 'q', hits: [{ token: 'tok', doc_ref: 'KB-1' }] },
    });
    expect(insertMember('{"kind": "success", "data": {"query": "q"}}', '/data', 'status', 'succeeded')).toBe(
      '{"kind": "success", "data": {"status": "succeeded", "query": "q"}}',
    );
    expect(insertMember('{"data":{}}', '/data', 'a', 'b')).toBe('{"data":{"a": "b"}}');
  });

  it('refuses text that does not parse, a place that is not an object, and a member already there', () => {
    expect(insertMember('{"data": {', '/data', 'a', 'b')).toBeNull();
    expect(insertMember('{"data": []}', '/data', 'a', 'b')).toBeNull();
    expect(insertMember('{"data": {"a": 1}}', '/data', 'a', 'b')).toBeNull();
    expect(insertMember('{}', '/data', 'a', 'b')).toBeNull();
  });
});
