/**
 * The chapter track's writing, kept in this browser (docs/scenarios.md#the-chapter-track): each case's model_result
 * and protected_audit texts as the learner left them, and the texts each sealed case was sealed with. A reload or a
 * closed tab loses no edit. Proofs are not kept: each counts only an action of this visit (exerciseProofs.ts).
 * Loaded with the exercise panel, never with the first page. Pure but for the two storage calls.
 */
import { parseStrictJson } from '#lib/core/json/index.ts';
import { readStored, STORAGE_KEYS, writeStored } from './browser.ts';

export interface CaseTexts {
  model: string;
  audit: string;
}

export interface ChapterDrafts {
  texts: CaseTexts[];
  sealed: (CaseTexts | null)[];
}

/** A case's two texts together at most this long: more than any answer, less than a paste that would fill storage. */
const MAX_CASE_CHARS = 200_000;

const isTexts = (v: unknown): v is CaseTexts =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).sort().join() === 'audit,model' &&
  typeof (v as CaseTexts).model === 'string' &&
  typeof (v as CaseTexts).audit === 'string' &&
  (v as CaseTexts).model.length + (v as CaseTexts).audit.length <= MAX_CASE_CHARS;

/** The drafts in a stored text, for `cases` cases; null for anything else (none stored, another shape, another count). */
export function parseChapterDrafts(text: string | null, cases: number): ChapterDrafts | null {
  if (text === null) return null;
  const parsed = parseStrictJson(text);
  if (!parsed.ok) return null;
  const v = parsed.value as { v?: unknown; texts?: unknown; sealed?: unknown };
  if (typeof v !== 'object' || v === null || Array.isArray(v) || v.v !== 1) return null;
  const { texts, sealed } = v;
  if (!Array.isArray(texts) || !Array.isArray(sealed) || texts.length !== cases || sealed.length !== cases) return null;
  if (!texts.every(isTexts) || !sealed.every((s) => s === null || isTexts(s))) return null;
  return { texts, sealed };
}

export const serializeChapterDrafts = (d: ChapterDrafts): string =>
  JSON.stringify({ v: 1, texts: d.texts, sealed: d.sealed });

export const loadChapterDrafts = (cases: number): ChapterDrafts | null =>
  parseChapterDrafts(readStored(STORAGE_KEYS.chapterDrafts), cases);

/** Stores the drafts; false when the browser would not (storage full or off): the page keeps them until reload. */
export const saveChapterDrafts = (d: ChapterDrafts): boolean =>
  writeStored(STORAGE_KEYS.chapterDrafts, serializeChapterDrafts(d)).ok;
