/**
 * The false positives of the leak rule's readings (docs/contract.md#encoded-copies)
 * and of the deny-list's look-alike letters, measured on everything the
 * repository records: the chapter's scenarios, turn fixtures and provider
 * recordings, and docs/turn-examples. Every audit value any of them carries
 * is searched for in every string and member name of all of them; a hit the
 * literal rule did not make is a false positive (none of these files holds an
 * encoded copy on purpose). Figures are printed; any new hit fails.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chapterTools, scenarios } from '../../../../../src/chapter/index.ts';
import { deniedKeyKind, normalizeKey } from '../tables/denyList.ts';
import { contextFacts } from './contextFacts.ts';
import { needleFinder } from './outputContract.ts';

const root = join(import.meta.dirname, '..', '..', '..', '..', '..');
const files = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(json|jsonl|sse)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** Every JSON value a file holds: the whole file, each line of a .jsonl, each `data:` line of a .sse. */
function values(file: string): unknown[] {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.json')) return [JSON.parse(text)];
  const lines = text.split('\n').map((l) => (file.endsWith('.sse') ? /^data:\s?(.*)$/.exec(l)?.[1] : l));
  return lines.flatMap((l) => {
    try {
      return l === undefined || l.trim() === '' ? [] : [JSON.parse(l) as unknown];
    } catch {
      return []; // a non-JSON data line ([DONE]) carries no string of interest
    }
  });
}

const corpus = [
  'src/chapter/scenarios',
  'src/chapter/turns',
  'src/chapter/recordings',
  'packages/tool-result-contract/docs/turn-examples',
]
  .flatMap(files)
  .flatMap(values);

const strings: string[] = [];
const names = new Set<string>();
const ids = new Set<string>();
const ID_MEMBERS = new Set(['tenant', 'subject', 'response_id', 'call_id', 'id', 'operation_id', 'idempotency_key']);
const walk = (v: unknown, member: string | null) => {
  if (typeof v === 'string') {
    strings.push(v);
    if (member !== null && ID_MEMBERS.has(member) && v.length >= 8) ids.add(v);
  } else if (Array.isArray(v)) for (const x of v) walk(x, null);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      names.add(k);
      strings.push(k);
      walk(x, k);
    }
};
for (const v of corpus) walk(v, null);
for (const sc of scenarios) for (const a of contextFacts(sc.context, chapterTools).auditValues) ids.add(a);

/** The deny-list's normalization before look-alike letters and accents were read (the review's baseline). */
const oldNormalize = (k: string) =>
  k
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

describe('false positives on the recorded corpus', () => {
  it('the leak rule finds no audit value the literal rule did not', () => {
    const needles = [...ids];
    const find = needleFinder(needles);
    const literal = (s: string) => needles.some((n) => s.includes(n));
    let before = 0;
    const added: string[] = [];
    for (const s of strings) {
      const old = literal(s);
      if (old) before++;
      if (!old && find(s) !== undefined) added.push(`${JSON.stringify(s.slice(0, 80))} ~ ${String(find(s))}`);
    }
    console.log(
      `corpus: ${corpus.length} JSON values, ${strings.length} strings and names, ${needles.length} audit values; ` +
        `literal hits ${before}, hits only the new readings make ${added.length}`,
    );
    expect(strings.length).toBeGreaterThan(1000);
    expect(added).toEqual([]);
  });

  it('the deny-list reads every member name of the corpus as it did (so no verdict changes)', () => {
    const changed = [...names].filter((k) => normalizeKey(k) !== oldNormalize(k));
    const denied = [...names].filter((k) => deniedKeyKind(k) !== null);
    console.log(`corpus: ${names.size} member names, ${denied.length} denied, read differently ${changed.length}`);
    expect(names.size).toBeGreaterThan(100);
    expect(changed).toEqual([]);
  });
});
