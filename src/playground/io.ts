/**
 * All of the playground's IO in one module: the address bar (query and share
 * fragment), localStorage (work, preferences, set-aside copies) and files
 * (scenario export and import). Everything that comes in is hostile until
 * proven otherwise: size-checked before it is decompressed or parsed, parsed
 * with the strict parser, schema-checked, and refused with a reason — never
 * half-applied. The decoders are pure and tested in Node; the few functions
 * that touch `window` are at the bottom.
 */
import { z } from 'zod';
import { decodeUtf8Strict, parseScenario, parseStrictJson, SCENARIO_FORMAT, type Scenario } from '../core/index.ts';
import type { AttackId } from '../core/attacks.ts';
import { contextObjectFromDraft, contextFromDraft, type ContextDraft } from './contextDraft.ts';
import { decompressFromEncodedURIComponentBounded } from './lzBounded.ts';
import { MAX_ANSWER_CHARS, type Progress } from './progress.ts';
import { ATTACK_ID_LIST, MISTAKE_COUNT, MODES, compactDocs, currentDoc, defaultExerciseItems, docOfScenario, isAttackId, isMistakeNumber, type Doc, type Mode, type Work } from './work.ts';

export const IO_LIMITS = {
  /** A share fragment (compressed) or an imported file, in bytes. */
  maxCompressedBytes: 256 * 1024,
  /** The text a share fragment decompresses to, in UTF-8 bytes. */
  maxTextBytes: 1024 * 1024,
} as const;

export const STORAGE_KEYS = {
  work: 'tool-result-playground/work/v1',
  prefs: 'tool-result-playground/prefs/v1',
  /** The whole work as it was before a share link, an import or a reset replaced part of it. */
  stash: 'tool-result-playground/stash/v1',
  /** What the learner has done (proofs, attacks, questions, mistakes): see ./progress.ts. */
  progress: 'tool-result-playground/progress/v1',
  /** Saved state that could not be read, kept verbatim under this prefix plus a timestamp. */
  corruptPrefix: 'tool-result-playground/corrupt/',
} as const;

export const SHARE_FORMAT = 'tool-result-playground-share-v1';
export const WORK_FORMAT = 'tool-result-playground-work-v1';
export const PROGRESS_FORMAT = 'tool-result-playground-progress-v1';
/** The fragment of a share link: `#s=` then lz-string's URI-safe compression of the share JSON. */
export const SHARE_PREFIX = 's=';

export type IoErrorCode = 'TOO_LARGE' | 'NOT_COMPRESSED' | 'NOT_JSON' | 'WRONG_SCHEMA' | 'NOT_UTF8' | 'STORAGE' | 'UNREADABLE';

export interface IoError {
  code: IoErrorCode;
  /** English, technical: where and why (the UI adds the sentence in the learner's language). */
  detail: string;
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; error: IoError };

const utf8 = new TextEncoder();
const byteLength = (s: string): number => utf8.encode(s).length;

// ---------------------------------------------------------------------------
// Schemas of what we read back: our own formats, checked as strictly as the core checks a handler.

const SCENARIO_ID = /^[a-z_]+\.[a-z0-9_]+$/;
const short = z.string().max(4096);
const bilingual = z.strictObject({ en: z.string().max(2000), zh: z.string().max(2000) });

const ContextDraftSchema = z.strictObject({
  tenant: short,
  subject: short,
  provider: short,
  api_family: short,
  adapter_revision: short,
  response_id: short,
  call_id: short,
  operation_id: short,
  idempotency_key: short,
  tool: short,
  arguments_text: z.string().max(64 * 1024),
  delivery: short,
  now: short,
  digest: z.enum(['sha256', 'hmac-sha256']),
  key_id: short,
  key_secret: short,
});

const DocSchema = z.strictObject({
  handlerText: z.string().max(IO_LIMITS.maxTextBytes + 1024),
  context: ContextDraftSchema,
  meta: z.strictObject({ title: bilingual, summary: bilingual }).optional(),
});

const AttackSchema = z.enum(ATTACK_ID_LIST as unknown as [AttackId, ...AttackId[]]).nullable();
const ExerciseSchema = z.strictObject({ items: z.array(DocSchema).length(5), active: z.number().int().min(0).max(4) });
const MistakeSchema = z.number().int().min(1).max(MISTAKE_COUNT).optional();

const SharePayloadSchema = z.strictObject({
  format: z.literal(SHARE_FORMAT),
  mode: z.enum(MODES as unknown as [Mode, ...Mode[]]),
  scenario: z.string().regex(SCENARIO_ID).max(100),
  doc: DocSchema,
  attack: AttackSchema,
  mistake: MistakeSchema,
  /** Omitted when the five exercise results are the built-in ones. */
  exercise: ExerciseSchema.optional(),
});

const SavedWorkSchema = z.strictObject({
  format: z.literal(WORK_FORMAT),
  mode: z.enum(MODES as unknown as [Mode, ...Mode[]]),
  scenario: z.string().regex(SCENARIO_ID).max(100),
  docs: z.record(z.string().regex(SCENARIO_ID).max(100), DocSchema),
  attack: AttackSchema,
  mistake: MistakeSchema,
  exercise: ExerciseSchema,
});

export type SharePayload = z.infer<typeof SharePayloadSchema>;

function schemaError(error: z.ZodError): IoError {
  const first = error.issues.slice(0, 3).map((i) => `${i.path.length > 0 ? `/${i.path.join('/')}` : '/'}: ${i.message}`);
  return { code: 'WRONG_SCHEMA', detail: first.join('; ') };
}

/** Strict JSON (the same parser as the editor), with the line and column of the first fault. */
function strictJson(text: string): Decoded<unknown> {
  const r = parseStrictJson(text);
  if (r.ok) return { ok: true, value: r.value };
  const e = r.error;
  return { ok: false, error: { code: e.code === 'TOO_LARGE' ? 'TOO_LARGE' : 'NOT_JSON', detail: `${e.code} at line ${e.line}, column ${e.column}: ${e.message}` } };
}

// ---------------------------------------------------------------------------
// Share links.

/** What a share link carries: the open document exactly as it is, plus the exercise when it was changed. */
export function sharePayloadOf(work: Work): SharePayload {
  const base = defaultExerciseItems();
  const exerciseChanged = work.exercise.activeIndex !== 0 || work.exercise.items.some((d, i) => JSON.stringify(d) !== JSON.stringify(base[i]));
  const doc = currentDocOfScenario(work);
  return {
    format: SHARE_FORMAT,
    mode: work.mode,
    scenario: work.scenarioId,
    doc,
    attack: work.attackId,
    ...(work.mistake !== undefined ? { mistake: work.mistake } : {}),
    ...(exerciseChanged ? { exercise: { items: work.exercise.items, active: work.exercise.activeIndex } } : {}),
  };
}

function currentDocOfScenario(work: Work): Doc {
  return currentDoc({ ...work, mode: 'playground' });
}

/**
 * The fragment (without `#`) for a share link, or TOO_LARGE when it would be
 * refused on the other side. lz-string is loaded on the first share, not with the page.
 */
export async function encodeShare(work: Work): Promise<Decoded<string>> {
  const json = JSON.stringify(sharePayloadOf(work));
  if (byteLength(json) > IO_LIMITS.maxTextBytes) return { ok: false, error: { code: 'TOO_LARGE', detail: `the state is ${byteLength(json)} bytes of JSON, over ${IO_LIMITS.maxTextBytes}` } };
  const lz = await import('lz-string');
  const compress = lz.compressToEncodedURIComponent ?? (lz as unknown as { default: typeof lz }).default.compressToEncodedURIComponent;
  const fragment = SHARE_PREFIX + compress(json);
  if (fragment.length > IO_LIMITS.maxCompressedBytes) return { ok: false, error: { code: 'TOO_LARGE', detail: `the link would be ${fragment.length} characters, over ${IO_LIMITS.maxCompressedBytes}` } };
  return { ok: true, value: fragment };
}

/**
 * Decodes a share fragment (with or without its `#`): size first, then bounded
 * decompression, then the strict parser, then the schema. Nothing is applied here.
 */
export function decodeShare(fragment: string): Decoded<SharePayload> {
  const f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (f.length > IO_LIMITS.maxCompressedBytes) return { ok: false, error: { code: 'TOO_LARGE', detail: `the link's fragment is ${f.length} characters, over ${IO_LIMITS.maxCompressedBytes}` } };
  if (!f.startsWith(SHARE_PREFIX)) return { ok: false, error: { code: 'NOT_COMPRESSED', detail: 'the fragment does not start with s=' } };
  const d = decompressFromEncodedURIComponentBounded(f.slice(SHARE_PREFIX.length), IO_LIMITS.maxTextBytes);
  if (!d.ok) {
    return d.reason === 'TOO_LARGE'
      ? { ok: false, error: { code: 'TOO_LARGE', detail: `it decompresses to more than ${IO_LIMITS.maxTextBytes} bytes` } }
      : { ok: false, error: { code: 'NOT_COMPRESSED', detail: 'the fragment is not lz-string URI-safe data' } };
  }
  if (byteLength(d.text) > IO_LIMITS.maxTextBytes) return { ok: false, error: { code: 'TOO_LARGE', detail: `it decompresses to more than ${IO_LIMITS.maxTextBytes} bytes` } };
  const json = strictJson(d.text);
  if (!json.ok) return json;
  const r = SharePayloadSchema.safeParse(json.value);
  if (!r.success) return { ok: false, error: schemaError(r.error) };
  return { ok: true, value: r.data as SharePayload };
}

/** The work after opening a share link: the shared document and exercise replace the receiver's; their other scenarios stay. */
export function applyShare(work: Work, p: SharePayload): Work {
  return {
    mode: p.mode,
    scenarioId: p.scenario,
    docs: compactDocs({ ...work.docs, [p.scenario]: p.doc as Doc }),
    attackId: p.attack,
    ...(p.mistake !== undefined ? { mistake: p.mistake } : {}),
    exercise: p.exercise === undefined ? { items: defaultExerciseItems(), activeIndex: 0 } : { items: p.exercise.items as Doc[], activeIndex: p.exercise.active },
  };
}

// ---------------------------------------------------------------------------
// Saved work (localStorage).

export function serializeWork(work: Work): string {
  return JSON.stringify({
    format: WORK_FORMAT,
    mode: work.mode,
    scenario: work.scenarioId,
    docs: compactDocs(work.docs),
    attack: work.attackId,
    ...(work.mistake !== undefined ? { mistake: work.mistake } : {}),
    exercise: { items: work.exercise.items, active: work.exercise.activeIndex },
  });
}

export function parseSavedWork(text: string): Decoded<Work> {
  if (byteLength(text) > IO_LIMITS.maxTextBytes * 4) return { ok: false, error: { code: 'TOO_LARGE', detail: 'saved state is larger than 4 MiB' } };
  // Saved work may hold several scenarios of up to 1 MiB each, so it is not held to the single-text limit; it is still parsed strictly.
  let value: unknown;
  const r = parseStrictJson(text);
  if (r.ok) value = r.value;
  else if (r.error.code === 'TOO_LARGE') {
    try {
      value = JSON.parse(text);
    } catch (e) {
      return { ok: false, error: { code: 'NOT_JSON', detail: e instanceof Error ? e.message : String(e) } };
    }
  } else return { ok: false, error: { code: 'NOT_JSON', detail: `${r.error.code} at line ${r.error.line}, column ${r.error.column}: ${r.error.message}` } };
  const s = SavedWorkSchema.safeParse(value);
  if (!s.success) return { ok: false, error: schemaError(s.error) };
  const v = s.data;
  return { ok: true, value: { mode: v.mode, scenarioId: v.scenario, docs: v.docs as Record<string, Doc>, attackId: v.attack, ...(v.mistake !== undefined ? { mistake: v.mistake } : {}), exercise: { items: v.exercise.items as Doc[], activeIndex: v.exercise.active } } };
}

// ---------------------------------------------------------------------------
// Scenario files (the CLI's format).

/** The scenario file of a document: the current handler output and context, or why it cannot be written yet. */
export function scenarioFileOf(id: string, doc: Doc, meta: { title: { en: string; zh: string }; summary: { en: string; zh: string } } | null): Decoded<string> {
  const handler = strictJson(doc.handlerText);
  if (!handler.ok) return { ok: false, error: { code: handler.error.code, detail: `handler output: ${handler.error.detail}` } };
  const ctx = contextFromDraft(doc.context);
  if (!ctx.ok) {
    const obj = contextObjectFromDraft(doc.context);
    const why = ctx.issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; ');
    return { ok: false, error: { code: obj.ok ? 'WRONG_SCHEMA' : 'NOT_JSON', detail: `trusted context: ${why}` } };
  }
  const file: Scenario = {
    format: SCENARIO_FORMAT,
    id,
    title: meta?.title ?? { en: id, zh: id },
    summary: meta?.summary ?? { en: '', zh: '' },
    context: ctx.value,
    handler_output: handler.value,
  };
  const checked = parseScenario(file);
  if (!checked.ok) return { ok: false, error: { code: 'WRONG_SCHEMA', detail: checked.issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; ') } };
  return { ok: true, value: `${JSON.stringify(file, null, 2)}\n` };
}

/** An imported file's bytes → a scenario: size, UTF-8, strict JSON, then the scenario schema. */
export function decodeScenarioFile(bytes: Uint8Array): Decoded<Scenario> {
  if (bytes.length > IO_LIMITS.maxCompressedBytes) return { ok: false, error: { code: 'TOO_LARGE', detail: `the file is ${bytes.length} bytes, over ${IO_LIMITS.maxCompressedBytes}` } };
  const decoded = decodeUtf8Strict(bytes);
  if (!decoded.ok) return { ok: false, error: { code: 'NOT_UTF8', detail: decoded.error.message } };
  const json = strictJson(decoded.text);
  if (!json.ok) return json;
  const r = parseScenario(json.value);
  if (!r.ok) return { ok: false, error: { code: 'WRONG_SCHEMA', detail: r.issues.slice(0, 3).map((i) => `${i.path || '/'}: ${i.message}`).join('; ') } };
  return { ok: true, value: r.value };
}

/** The work after importing a scenario: it becomes the open document under its own id. */
export function applyImport(work: Work, s: Scenario, builtin: boolean): Work {
  const doc: Doc = builtin ? docOfScenario(s) : { ...docOfScenario(s), meta: { title: s.title, summary: s.summary } };
  return { ...work, mode: work.mode === 'exercise' ? 'playground' : work.mode, scenarioId: s.id, docs: compactDocs({ ...work.docs, [s.id]: doc }) };
}

// ---------------------------------------------------------------------------
// The address: `?scenario=ID`, `&attack=A3`, `?mode=exercise`, `?mode=learn&scenario=ID&mistake=3`.

export interface Address {
  mode: string | null;
  scenario: string | null;
  attack: string | null;
  mistake?: string | null;
}

export function parseSearch(search: string): Address {
  const q = new URLSearchParams(search);
  return { mode: q.get('mode'), scenario: q.get('scenario'), attack: q.get('attack'), mistake: q.get('mistake') };
}

/** The query string of a work's place (no fragment): the address a learner can bookmark. */
export function searchOf(work: Pick<Work, 'mode' | 'scenarioId' | 'attackId' | 'mistake'>): string {
  const q = new URLSearchParams();
  if (work.mode === 'exercise') q.set('mode', 'exercise');
  else if (work.mode === 'learn') {
    q.set('mode', 'learn');
    q.set('scenario', work.scenarioId);
    if (work.mistake !== undefined) q.set('mistake', String(work.mistake));
  } else {
    if (work.mode === 'attack' && work.attackId === null) q.set('mode', 'attack');
    q.set('scenario', work.scenarioId);
    if (work.mode === 'attack' && work.attackId !== null) q.set('attack', work.attackId);
  }
  return `?${q.toString()}`;
}

export type AddressProblem = { kind: 'unknown-scenario' | 'unknown-attack' | 'unknown-mode' | 'unknown-mistake'; value: string };

/** Where an address points, against what this work knows; unknown ids fall back and are reported. */
export function resolveAddress(work: Work, a: Address, known: (id: string) => boolean, fallbackScenario: string): { place: Pick<Work, 'mode' | 'scenarioId' | 'attackId' | 'mistake'>; problems: AddressProblem[] } {
  const problems: AddressProblem[] = [];
  let mode: Mode = work.mode;
  let scenarioId = work.scenarioId;
  let attackId: AttackId | null = work.attackId;
  let mistake: number | undefined = work.mistake;
  const any = a.mode !== null || a.scenario !== null || a.attack !== null || (a.mistake ?? null) !== null;
  if (any) {
    mode = 'playground';
    attackId = null;
    mistake = undefined;
  }
  if (a.mode !== null) {
    if ((MODES as readonly string[]).includes(a.mode)) mode = a.mode as Mode;
    else problems.push({ kind: 'unknown-mode', value: a.mode });
  }
  if (a.scenario !== null) {
    if (known(a.scenario)) scenarioId = a.scenario;
    else {
      problems.push({ kind: 'unknown-scenario', value: a.scenario });
      scenarioId = fallbackScenario;
    }
  }
  if (a.attack !== null) {
    if (isAttackId(a.attack)) {
      attackId = a.attack;
      if (a.mode === null) mode = 'attack';
    } else {
      problems.push({ kind: 'unknown-attack', value: a.attack });
      if (a.mode === null) mode = 'attack';
    }
  }
  if (a.mistake !== undefined && a.mistake !== null) {
    const n = /^[0-9]{1,2}$/.test(a.mistake) ? Number(a.mistake) : NaN;
    if (isMistakeNumber(n)) mistake = n;
    else problems.push({ kind: 'unknown-mistake', value: a.mistake });
    if (a.mode === null) mode = 'learn';
  }
  if (!known(scenarioId)) scenarioId = fallbackScenario;
  return { place: { mode, scenarioId, attackId, mistake }, problems };
}

// ---------------------------------------------------------------------------
// Learning progress (localStorage): exercise proofs, attacks, self-test questions, mistakes.

const ProgressSchema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT),
  proofs: z.array(z.string().regex(/^[a-z_]{1,40}$/)).max(5),
  attacks: z.array(z.enum(ATTACK_ID_LIST as unknown as [AttackId, ...AttackId[]])).max(ATTACK_ID_LIST.length),
  questions: z.array(z.number().int().min(1).max(5)).max(5),
  mistakes: z.array(z.number().int().min(1).max(MISTAKE_COUNT)).max(MISTAKE_COUNT),
  // Optional: progress saved before answers were kept has none.
  answers: z.record(z.string().regex(/^[1-5]$/), z.string().min(1).max(MAX_ANSWER_CHARS)).optional(),
});

export function serializeProgress(p: Progress): string {
  return JSON.stringify({ format: PROGRESS_FORMAT, ...p });
}

export function parseProgress(text: string): Decoded<Progress> {
  if (byteLength(text) > 64 * 1024) return { ok: false, error: { code: 'TOO_LARGE', detail: 'saved progress is larger than 64 KiB' } };
  const json = strictJson(text);
  if (!json.ok) return json;
  const r = ProgressSchema.safeParse(json.value);
  if (!r.success) return { ok: false, error: schemaError(r.error) };
  const { proofs, attacks, questions, mistakes, answers } = r.data;
  return { ok: true, value: { proofs, attacks, questions, mistakes, answers: answers ?? {} } };
}

// ---------------------------------------------------------------------------
// Preferences.

export type Lang = 'en' | 'zh';
export type ThemePref = 'light' | 'dark' | 'system';

export interface Layout {
  /** Width of the left column, percent of the workspace. */
  left: number;
  /** The same in the attack lab, which needs a wider right column. */
  attackLeft: number;
  /** Height of the editor within the left column, percent. */
  editor: number;
  /** Height of the upper right row, percent. */
  top: number;
  /** Height of the exercise panel above the projections, percent. */
  exerciseTop: number;
}

export interface Prefs {
  lang: Lang | null;
  theme: ThemePref;
  layout: Layout;
}

export const DEFAULT_LAYOUT: Layout = { left: 42, attackLeft: 34, editor: 64, top: 52, exerciseTop: 68 };

const PrefsSchema = z.object({
  lang: z.enum(['en', 'zh']).nullable().catch(null),
  theme: z.enum(['light', 'dark', 'system']).catch('system'),
  layout: z
    .object({
      left: z.number().min(20).max(80).catch(DEFAULT_LAYOUT.left),
      attackLeft: z.number().min(20).max(80).catch(DEFAULT_LAYOUT.attackLeft),
      editor: z.number().min(20).max(85).catch(DEFAULT_LAYOUT.editor),
      top: z.number().min(20).max(85).catch(DEFAULT_LAYOUT.top),
      exerciseTop: z.number().min(20).max(85).catch(DEFAULT_LAYOUT.exerciseTop),
    })
    .catch(DEFAULT_LAYOUT),
});

export function parsePrefs(text: string | null): Prefs {
  const fallback: Prefs = { lang: null, theme: 'system', layout: DEFAULT_LAYOUT };
  if (text === null) return fallback;
  const r = parseStrictJson(text);
  if (!r.ok) return fallback;
  const p = PrefsSchema.safeParse(r.value);
  return p.success ? (p.data as Prefs) : fallback;
}

/** Chinese when the browser's first preferred language is Chinese, English otherwise. */
export function languageFromNavigator(languages: readonly string[]): Lang {
  const first = languages[0]?.toLowerCase() ?? '';
  return first === 'zh' || first.startsWith('zh-') ? 'zh' : 'en';
}

// ---------------------------------------------------------------------------
// Effectful: the browser. Each catches its own failures and reports them.

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export type LoadedWork =
  | { kind: 'none' }
  | { kind: 'ok'; work: Work }
  | { kind: 'corrupt'; error: IoError; setAsideKey: string | null };

/** The saved work; a corrupt copy is set aside verbatim under another key (never deleted) and reported. */
export function loadWork(): LoadedWork {
  const s = storage();
  if (s === null) return { kind: 'none' };
  let text: string | null;
  try {
    text = s.getItem(STORAGE_KEYS.work);
  } catch {
    return { kind: 'none' };
  }
  if (text === null) return { kind: 'none' };
  const r = parseSavedWork(text);
  if (r.ok) return { kind: 'ok', work: r.value };
  const key = `${STORAGE_KEYS.corruptPrefix}${new Date().toISOString()}`;
  let setAsideKey: string | null = key;
  try {
    s.setItem(key, text);
    s.removeItem(STORAGE_KEYS.work);
  } catch {
    setAsideKey = null; // Could not copy it: leave it where it is rather than lose it.
  }
  return { kind: 'corrupt', error: r.error, setAsideKey };
}

export function saveWork(work: Work): Decoded<null> {
  const s = storage();
  if (s === null) return { ok: false, error: { code: 'STORAGE', detail: 'localStorage is not available' } };
  try {
    s.setItem(STORAGE_KEYS.work, serializeWork(work));
    return { ok: true, value: null };
  } catch (e) {
    return { ok: false, error: { code: 'STORAGE', detail: e instanceof Error ? e.message : String(e) } };
  }
}

export function stashWork(work: Work): boolean {
  const s = storage();
  if (s === null) return false;
  try {
    s.setItem(STORAGE_KEYS.stash, serializeWork(work));
    return true;
  } catch {
    return false;
  }
}

export function loadStash(): Work | null {
  const s = storage();
  if (s === null) return null;
  try {
    const text = s.getItem(STORAGE_KEYS.stash);
    if (text === null) return null;
    const r = parseSavedWork(text);
    return r.ok ? r.value : null;
  } catch {
    return null;
  }
}

export function loadPrefs(): Prefs {
  const s = storage();
  try {
    return parsePrefs(s?.getItem(STORAGE_KEYS.prefs) ?? null);
  } catch {
    return parsePrefs(null);
  }
}

export function savePrefs(p: Prefs): void {
  try {
    storage()?.setItem(STORAGE_KEYS.prefs, JSON.stringify(p));
  } catch {
    /* preferences are a convenience: losing them is not worth a message */
  }
}

export type LoadedProgress = { kind: 'none' } | { kind: 'ok'; progress: Progress } | { kind: 'corrupt'; error: IoError; setAsideKey: string | null };

/** The saved progress; a corrupt copy is set aside verbatim (as loadWork does) and reported, and the learner starts from nothing. */
export function loadProgress(): LoadedProgress {
  const s = storage();
  if (s === null) return { kind: 'none' };
  let text: string | null;
  try {
    text = s.getItem(STORAGE_KEYS.progress);
  } catch {
    return { kind: 'none' };
  }
  if (text === null) return { kind: 'none' };
  const r = parseProgress(text);
  if (r.ok) return { kind: 'ok', progress: r.value };
  const key = `${STORAGE_KEYS.corruptPrefix}progress-${new Date().toISOString()}`;
  let setAsideKey: string | null = key;
  try {
    s.setItem(key, text);
    s.removeItem(STORAGE_KEYS.progress);
  } catch {
    setAsideKey = null;
  }
  return { kind: 'corrupt', error: r.error, setAsideKey };
}

/** Saves the progress; the empty progress removes the key (a reset leaves nothing behind). */
export function saveProgress(p: Progress): void {
  try {
    const s = storage();
    const empty = p.proofs.length + p.attacks.length + p.questions.length + p.mistakes.length + Object.keys(p.answers).length === 0;
    if (empty) s?.removeItem(STORAGE_KEYS.progress);
    else s?.setItem(STORAGE_KEYS.progress, serializeProgress(p));
  } catch {
    /* progress is a convenience, like preferences: losing it is not worth a message */
  }
}


export function browserLanguages(): readonly string[] {
  return typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
}

export function readAddress(): { address: Address; fragment: string | null } {
  const fragment = window.location.hash.length > 1 ? window.location.hash.slice(1) : null;
  return { address: parseSearch(window.location.search), fragment };
}

/** Puts a place in the address bar; `push` makes it a history entry (Back returns to the previous scenario). */
export function writeAddress(place: Pick<Work, 'mode' | 'scenarioId' | 'attackId' | 'mistake'>, how: 'push' | 'replace'): void {
  const search = searchOf(place);
  if (window.location.search === search && window.location.hash === '') return;
  const url = `${window.location.pathname}${search}`;
  try {
    if (how === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  } catch {
    /* some embedded browsers refuse history calls; the address is a convenience */
  }
}

export function shareUrlOf(fragment: string): string {
  return `${window.location.origin}${window.location.pathname}${window.location.search}#${fragment}`;
}

/** Copies text to the clipboard; false when the browser refuses (no permission, no secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Reads a chosen file, refusing an oversized one before reading it. */
export async function readScenarioFile(file: File): Promise<Decoded<Scenario>> {
  if (file.size > IO_LIMITS.maxCompressedBytes) return { ok: false, error: { code: 'TOO_LARGE', detail: `the file is ${file.size} bytes, over ${IO_LIMITS.maxCompressedBytes}` } };
  try {
    return decodeScenarioFile(new Uint8Array(await file.arrayBuffer()));
  } catch (e) {
    return { ok: false, error: { code: 'UNREADABLE', detail: e instanceof Error ? e.message : String(e) } };
  }
}

