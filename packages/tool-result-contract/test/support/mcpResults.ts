/** fast-check arbitraries for CallToolResults: valid ones, near misses and hostile ones (docs/mcp.md). */
import fc from 'fast-check';

const B64 = fc.constantFrom('', 'aGVsbG8=', 'aGk=', 'aGVsbA', 'aGVs bG8=', '!!!!', 'a===');
const annotations = fc.record(
  {
    audience: fc.array(fc.constantFrom('user', 'assistant', 'bot')),
    priority: fc.oneof(fc.double({ min: -1, max: 2, noNaN: true }), fc.constant(0.5)),
    lastModified: fc.constantFrom('2026-07-19T00:00:00Z', '2026-07-19T00:00:00+02:00', 'yesterday'),
  },
  { requiredKeys: [] },
);
const meta = fc.oneof(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })), fc.constant([]));
const extras = fc.record({ annotations, _meta: meta }, { requiredKeys: [] });

/** A content block: the five known types with their members, sometimes wrong, and unknown ones. */
export const contentBlock = (texts: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.tuple(texts, extras).map(([text, e]) => ({ type: 'text', text, ...e })),
    fc
      .tuple(fc.constantFrom('image', 'audio'), B64, extras)
      .map(([type, data, e]) => ({ type, data, mimeType: 'x/y', ...e })),
    fc.tuple(fc.constantFrom('text', 'blob'), B64, extras).map(([k, v, e]) => ({
      type: 'resource',
      resource: k === 'text' ? { uri: 'file:///a', text: v } : { uri: 'file:///a', blob: v },
      ...e,
    })),
    fc
      .record(
        { name: fc.string(), uri: fc.string(), size: fc.oneof(fc.nat(), fc.constant('big')), title: fc.string() },
        { requiredKeys: ['uri'] },
      )
      .map((r) => ({ type: 'resource_link', ...r })),
    fc.constantFrom({ type: 'video' }, { type: 'text' }, { type: 'image', data: 'aGk=' }, 'text', null),
  );

/**
 * A CallToolResult around one of `structured` (the tool's candidate data), with text blocks that
 * are its duplicate, other JSON, or prose; sometimes an error, a non-final resultType, a wrong
 * type at a member, or extra members.
 */
export const callToolResult = (structured: fc.Arbitrary<Record<string, unknown>>) =>
  structured.chain((sc) => {
    const texts = fc.oneof(
      fc.constant(JSON.stringify(sc)),
      fc.constant(JSON.stringify(sc, null, 2)),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      fc.string(),
    );
    return fc.record(
      {
        content: fc.oneof(fc.array(contentBlock(texts), { maxLength: 4 }), fc.constant('x')),
        structuredContent: fc.oneof(fc.constant(sc), fc.constant(sc), fc.constant([sc]), fc.jsonValue({ maxDepth: 2 })),
        isError: fc.oneof(fc.boolean(), fc.constant('true')),
        resultType: fc.constantFrom('complete', 'input_required', 7),
        _meta: fc.oneof(meta, fc.record({ progressToken: fc.oneof(fc.string(), fc.integer(), fc.double()) })),
        vendor: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    );
  });

/** A well-formed success around `structured`: its duplicate or prose in text, valid media and links. */
export const cleanCallToolResult = (structured: fc.Arbitrary<Record<string, unknown>>) =>
  structured.chain((sc) =>
    fc.record({
      content: fc.array(
        fc.oneof(
          fc.constant({ type: 'text', text: JSON.stringify(sc) }),
          fc.string().map((text) => ({ type: 'text', text: `note: ${text}` })),
          fc.constant({ type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }),
          fc.constant({ type: 'resource_link', uri: 'https://elsewhere.example/', name: 'x' }),
        ),
        { maxLength: 3 },
      ),
      structuredContent: fc.constant(sc),
    }),
  );
