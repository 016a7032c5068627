/**
 * The share link's codec: `#s=` then lz-string's URI-safe compression of the
 * share JSON. Pure: the page's address is read and written by ../browser.ts.
 */
import { z } from 'zod';
import { compactDocs, currentDoc, exerciseEdited, exerciseOfSaved, initialExercise, savedExerciseOf, type Doc, type Work } from '../work.ts';
import { decompressFromEncodedURIComponentBounded } from '../lzBounded.ts';
import { byteLength, IO_LIMITS, refuse, schemaError, strictJson, type Decoded } from './decoded.ts';
import { turnDocOf, withTurnDoc } from '../turn/turnWork.ts';
import { AttackSchema, DocSchema, ExerciseSchema, type SavedExercise, MistakeSchema, ModeSchema, ScenarioIdSchema, TurnShareSchema } from './docSchema.ts';

export const SHARE_FORMAT = 'tool-result-playground-share-v1';
/** The fragment of a share link: `#s=` then lz-string's URI-safe compression of the share JSON. */
export const SHARE_PREFIX = 's=';

const SharePayloadSchema = z.strictObject({
  format: z.literal(SHARE_FORMAT),
  mode: ModeSchema,
  scenario: ScenarioIdSchema,
  doc: DocSchema,
  attack: AttackSchema,
  mistake: MistakeSchema,
  /** Omitted when the five exercise results are the untouched scaffold. */
  exercise: ExerciseSchema.optional(),
  /** In the turn mode: the open stream and its edits, exactly as they are. */
  turn: TurnShareSchema.optional(),
});

export type SharePayload = z.infer<typeof SharePayloadSchema>;

/** What a share link carries: the open document exactly as it is, plus the exercise when it was changed. */
export function sharePayloadOf(work: Work): SharePayload {
  const exerciseChanged = work.exercise.activeIndex !== 0 || exerciseEdited(work);
  return {
    format: SHARE_FORMAT,
    mode: work.mode,
    scenario: work.scenarioId,
    doc: currentDoc({ ...work, mode: 'playground' }),
    attack: work.attackId,
    ...(work.mistake !== undefined ? { mistake: work.mistake } : {}),
    ...(exerciseChanged ? { exercise: savedExerciseOf(work.exercise) } : {}),
    ...(work.mode === 'turn' ? { turn: { stream: work.turn.stream, doc: turnDocOf(work.turn) } } : {}),
  };
}

/**
 * The fragment (without `#`) for a share link, or TOO_LARGE when it would be
 * refused on the other side. lz-string is loaded on the first share, not with the page.
 */
export async function encodeShare(work: Work): Promise<Decoded<string>> {
  const json = JSON.stringify(sharePayloadOf(work));
  if (byteLength(json) > IO_LIMITS.maxTextBytes) return refuse('TOO_LARGE', `the state is ${byteLength(json)} bytes of JSON, over ${IO_LIMITS.maxTextBytes}`);
  const lz = await import('lz-string');
  const compress = lz.compressToEncodedURIComponent ?? (lz as unknown as { default: typeof lz }).default.compressToEncodedURIComponent;
  const fragment = SHARE_PREFIX + compress(json);
  if (fragment.length > IO_LIMITS.maxCompressedBytes) return refuse('TOO_LARGE', `the link would be ${fragment.length} characters, over ${IO_LIMITS.maxCompressedBytes}`);
  return { ok: true, value: fragment };
}

/**
 * Decodes a share fragment (with or without its `#`): size first, then bounded
 * decompression, then the strict parser, then the schema. Nothing is applied here.
 */
export function decodeShare(fragment: string): Decoded<SharePayload> {
  const f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (f.length > IO_LIMITS.maxCompressedBytes) return refuse('TOO_LARGE', `the link's fragment is ${f.length} characters, over ${IO_LIMITS.maxCompressedBytes}`);
  if (!f.startsWith(SHARE_PREFIX)) return refuse('NOT_COMPRESSED', 'the fragment does not start with s=');
  const d = decompressFromEncodedURIComponentBounded(f.slice(SHARE_PREFIX.length), IO_LIMITS.maxTextBytes);
  if (!d.ok) {
    return d.reason === 'TOO_LARGE' ? refuse('TOO_LARGE', `it decompresses to more than ${IO_LIMITS.maxTextBytes} bytes`) : refuse('NOT_COMPRESSED', 'the fragment is not lz-string URI-safe data');
  }
  if (byteLength(d.text) > IO_LIMITS.maxTextBytes) return refuse('TOO_LARGE', `it decompresses to more than ${IO_LIMITS.maxTextBytes} bytes`);
  const json = strictJson(d.text);
  if (!json.ok) return json;
  const r = SharePayloadSchema.safeParse(json.value);
  if (!r.success) return { ok: false, error: schemaError(r.error) };
  return { ok: true, value: r.data };
}

/** The work after opening a share link: the shared document and exercise replace the receiver's; their other scenarios stay. */
export function applyShare(work: Work, p: SharePayload): Work {
  return {
    mode: p.mode,
    scenarioId: p.scenario,
    docs: compactDocs({ ...work.docs, [p.scenario]: p.doc as Doc }),
    attackId: p.attack,
    ...(p.mistake !== undefined ? { mistake: p.mistake } : {}),
    exercise: p.exercise === undefined ? initialExercise() : exerciseOfSaved(p.exercise as SavedExercise & { items: Doc[]; sealed?: (Doc | null)[] }),
    turn: p.turn === undefined ? work.turn : withTurnDoc({ ...work.turn, stream: p.turn.stream }, p.turn.doc),
  };
}
