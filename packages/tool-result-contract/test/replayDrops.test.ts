/**
 * The members a replay drops (docs/turn-contract.md#what-the-replay-keeps) are named in docs/turn.md with the SDK
 * type line that says so. The table, the code and the SDK's own lines are
 * held together here, and each drop is seen in a replay.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLAY_DROPS } from '../src/core/turn/index.ts';
import { assembleTurn } from '../src/core/turn/index.ts';
import { projectRoot, repositoryRoot } from './support/vectors.ts';

const doc = readFileSync(join(projectRoot, 'docs', 'turn.md'), 'utf8');
const section = doc.slice(doc.indexOf('### Members the replay drops'));
const rows = section
  .split('\n')
  .filter((l) => /^\| (openai|anthropic|gemini) \|/.test(l))
  .map((l) => l.split('|').map((c) => c.trim()));
const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

describe('the members the replay drops (docs/turn.md ↔ src/core/turn/replayDrops.ts ↔ the SDK types)', () => {
  it('the docs list exactly the drops the code makes', () => {
    const listed = rows.map((r) => ({
      provider: r[1],
      types: codes(r[2] ?? ''),
      path: (r[3] ?? '').includes('citations[]') ? 'citations[]' : '',
      member: codes(r[4] ?? '')[0],
    }));
    expect(listed).toEqual(
      REPLAY_DROPS.map((d) => ({ provider: d.provider, types: [...d.types], path: d.path, member: d.member })),
    );
  });
  it('each SDK line the docs cite holds the member (or lacks it, for a request type)', () => {
    const sdk = (rel: string) => readFileSync(join(repositoryRoot, 'node_modules', rel), 'utf8').split('\n');
    const openai = sdk('openai/resources/responses/responses.d.ts');
    expect(openai[2742 - 1]).toMatch(/^\s+id\?: string;/);
    for (const line of [1556, 5804, 5834]) expect(openai[line - 1]).toMatch(/^\s+created_by\?: string;/);
    for (const [line, decl] of [
      [1562, 'export interface ResponseCompactionItemParam {'],
      [3440, '    interface ToolSearchCall {'],
      [5836, 'export interface ResponseToolSearchOutputItemParam {'],
    ] as const) {
      expect(openai[line - 1]).toBe(decl);
      const indent = decl.startsWith(' ') ? '    }' : '}';
      const end = openai.findIndex((l, i) => i >= line && l === indent);
      expect(openai.slice(line - 1, end).join('\n')).not.toMatch(/created_by/);
    }
    const anthropic = sdk('@anthropic-ai/sdk/resources/messages/messages.d.ts');
    for (const [line, name] of [
      [2257, 'CitationCharLocation'],
      [2289, 'CitationContentBlockLocation'],
      [2327, 'CitationPageLocation'],
    ] as const) {
      expect(anthropic[line - 1]).toMatch(/^\s+file_id: string \| null;/);
      const param = anthropic.findIndex((l) => l.startsWith(`export interface ${name}Param {`));
      const end = anthropic.indexOf('}', param);
      expect(anthropic.slice(param, end).join('\n')).not.toMatch(/file_id/);
    }
  });
  it('an OpenAI compaction item is replayed without created_by', () => {
    const item = { type: 'compaction', id: 'cmp_1', encrypted_content: 'ENC', created_by: 'user_1' };
    const t = assembleTurn('openai', [
      { type: 'response.created', sequence_number: 0, response: { id: 'resp_1' } },
      { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item },
      { type: 'response.output_item.done', sequence_number: 2, output_index: 0, item },
      {
        type: 'response.completed',
        sequence_number: 3,
        response: { id: 'resp_1', status: 'completed', output: [item] },
      },
    ]);
    const { created_by: _c, ...rest } = item;
    expect(t.replay).toEqual([rest]);
  });
  it('an OpenAI call is replayed without its item id, every other member kept', () => {
    const item = {
      type: 'function_call',
      id: 'fc_1',
      call_id: 'call_1',
      name: 'get_order',
      arguments: '{}',
      status: 'completed',
      namespace: 'ns',
    };
    const t = assembleTurn('openai', [
      { type: 'response.created', sequence_number: 0, response: { id: 'resp_1' } },
      {
        type: 'response.output_item.added',
        sequence_number: 1,
        output_index: 0,
        item: { ...item, arguments: '', status: 'in_progress' },
      },
      { type: 'response.output_item.done', sequence_number: 2, output_index: 0, item },
      {
        type: 'response.completed',
        sequence_number: 3,
        response: { id: 'resp_1', status: 'completed', output: [item] },
      },
    ]);
    expect(t.problems).toEqual([]);
    const { id: _id, ...rest } = item;
    expect(t.replay).toEqual([rest]);
  });
  it("an Anthropic text block's file citations are replayed without file_id; a web search citation is untouched", () => {
    const char = {
      type: 'char_location',
      cited_text: 'a',
      document_index: 0,
      document_title: null,
      start_char_index: 0,
      end_char_index: 1,
      file_id: 'file_1',
    };
    const web = {
      type: 'web_search_result_location',
      cited_text: 'b',
      encrypted_index: 'E',
      title: null,
      url: 'https://example.com',
    };
    const t = assembleTurn('anthropic', [
      {
        type: 'message_start',
        message: { id: 'msg_1', content: [{ type: 'text', text: 'x', citations: [char] }], stop_reason: 'end_turn' },
      },
      { type: 'message_stop' },
    ]);
    const { file_id: _f, ...charParam } = char;
    expect(t.replay).toEqual([{ type: 'text', text: 'x', citations: [charParam] }]);
    const u = assembleTurn('anthropic', [
      {
        type: 'message_start',
        message: { id: 'msg_1', content: [{ type: 'text', text: 'x', citations: [web] }], stop_reason: 'end_turn' },
      },
      { type: 'message_stop' },
    ]);
    expect(u.replay).toEqual([{ type: 'text', text: 'x', citations: [web] }]);
  });
});
