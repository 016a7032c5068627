import { describe, expect, it } from 'vitest';
import { ContextDraftSchema, DRAFT_FIELDS, contextFromDraft, draftFromContext, fieldOfPath } from './contextDraft.ts';
import { scenarios } from '../chapter/index.ts';

describe('the trusted-context form', () => {
  it('has one field list: the schema, the draft and the field order agree', () => {
    expect(Object.keys(ContextDraftSchema.shape)).toEqual([...DRAFT_FIELDS]);
    for (const s of scenarios) expect(Object.keys(draftFromContext(s.context))).toEqual([...DRAFT_FIELDS]);
  });

  it('turns every scenario’s context into a draft and back unchanged', () => {
    for (const s of scenarios) {
      const draft = draftFromContext(s.context);
      expect(ContextDraftSchema.safeParse(draft).success).toBe(true);
      const back = contextFromDraft(draft);
      expect(back.ok && back.value).toEqual(s.context);
    }
  });

  it('places an issue at the field of its path, or the longest known prefix', () => {
    expect(fieldOfPath('/principal/tenant')).toBe('tenant');
    expect(fieldOfPath('/arguments/query/0')).toBe('arguments_text');
    expect(fieldOfPath('/key')).toBe('key_id');
    expect(fieldOfPath('/key/secret')).toBe('key_secret');
    expect(fieldOfPath('/elsewhere')).toBeNull();
  });
});
