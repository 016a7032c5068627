/**
 * The share link's codec: `#s=` then lz-string's URI-safe compression of the
 * share JSON. Pure: the page's address is read and written by ../browser.ts.
 */
import { z } from 'zod/mini';
import {
  awaitingMcpData,
  builtinDoc,
  compactDocs,
  currentDoc,
  exerciseEdited,
  exerciseOfSaved,
  initialExercise,
  isMcpScenario,
  savedExerciseOf,
  type Doc,
  type Work,
} from '../work.ts';
import { draftsEqual } from '../contextDraft.ts';
import { decompressFromEncodedURIComponentBounded } from '../lzBounded.ts';
import { byteLength, IO_LIMITS, refuse, schemaError, strictJson, type Decoded } from './decoded.ts';
import {
  EMPTY_TURN_DOC,
  isTurnDocEdited,
  turnDocOf,
  withTurnDoc,
  withTurnStep,
  withTurnStream,
} from '../turn/turnWork.ts';
import { addressStep } from '../turn/turnAddress.ts';
import {
  AttackSchema,
  DocSchema,
  ExerciseSchema,
  type SavedExercise,
  MistakeSchema,
  RecoveryCaseSchema,
  RecoveryBrokenSchema,
  RecoveryLogSchema,
  ModeSchema,
  ScenarioIdSchema,
  TurnShareSchema,
} from './docSchema.ts';
import { checkSchema } from '#lib/core/tables/index.ts';

export const SHARE_FORMAT = 'tool-result-playground-share-v1';
/** The fragment of a share link: `#s=` then lz-string's URI-safe compression of the share JSON. */
export const SHARE_PREFIX = 's=';

/*
 * A link is as short as the state allows (links go to thirty phones as QR
 * codes in a classroom): what equals the default is left out. Links made before
 * carry everything, and still read: every member left out here was there.
 */
const SharePayloadSchema = z.strictObject({
  format: z.literal(SHARE_FORMAT),
  mode: ModeSchema,
  scenario: ScenarioIdSchema,
  /** The open document; of a built-in scenario, only the parts that differ from it (none: omitted). */
  doc: z.optional(z.partial(DocSchema)),
  /** Omitted when no attack is chosen. */
  attack: z.optional(AttackSchema),
  mistake: MistakeSchema,
  recovery_case: RecoveryCaseSchema,
  recovery_broken: RecoveryBrokenSchema,
  /** Omitted when the five exercise results are the untouched scaffold. */
  exercise: z.optional(ExerciseSchema),
  /** In the lab: the learner's actions in its case, replayed onto a fresh stage when the link opens. */
  recovery_log: RecoveryLogSchema,
  /** In the turn mode: the open stream, the step it is at once the learner has stepped, and its edits when there are any. */
  turn: z.optional(z.partial(TurnShareSchema, { step: true, doc: true })),
});

export type SharePayload = z.infer<typeof SharePayloadSchema>;

/** What a share link carries: the open document exactly as it is, plus the exercise when it was changed. */
export function sharePayloadOf(work: Work): SharePayload {
  const exerciseChanged = work.exercise.activeIndex !== 0 || exerciseEdited(work);
  const open = { ...work, mode: 'playground' as const };
  // An MCP scenario's link carries its whole document: the page that opens it reads the link before the MCP chunk,
  // which holds the built-in one, arrives. While that chunk is awaited here, there is no document to carry but the built-in one.
  const doc = awaitingMcpData(open)
    ? null
    : docDifference(currentDoc(open), isMcpScenario(work.scenarioId) ? null : builtinDoc(work.scenarioId));
  const turnDoc = turnDocOf(work.turn);
  const turnStep = addressStep(work.turn.step);
  return {
    format: SHARE_FORMAT,
    mode: work.mode,
    scenario: work.scenarioId,
    ...(doc !== null ? { doc } : {}),
    ...(work.attackId !== null ? { attack: work.attackId } : {}),
    ...(work.mistake !== undefined ? { mistake: work.mistake } : {}),
    ...(work.recoveryCase !== undefined ? { recovery_case: work.recoveryCase } : {}),
    ...(work.recoveryBroken !== undefined ? { recovery_broken: work.recoveryBroken } : {}),
    // Outside the lab the actions stay home: they would replay onto a case nobody is looking at.
    ...(work.mode === 'recovery' && work.recoveryLog !== undefined ? { recovery_log: work.recoveryLog } : {}),
    ...(exerciseChanged ? { exercise: savedExerciseOf(work.exercise) } : {}),
    ...(work.mode === 'turn'
      ? {
          turn: {
            stream: work.turn.stream,
            ...(turnStep !== undefined ? { step: turnStep } : {}),
            ...(isTurnDocEdited(turnDoc) ? { doc: turnDoc } : {}),
          },
        }
      : {}),
  };
}

/** The parts of a document that differ from the built-in one (all of it for an imported scenario), or null when none do. */
function docDifference(doc: Doc, builtin: Doc | null): Partial<Doc> | null {
  if (builtin === null) return doc;
  const d: Partial<Doc> = {
    ...(doc.handlerText !== builtin.handlerText ? { handlerText: doc.handlerText } : {}),
    ...(!draftsEqual(doc.context, builtin.context) ? { context: doc.context } : {}),
    ...(doc.meta !== undefined ? { meta: doc.meta } : {}),
    ...(doc.source !== undefined ? { source: doc.source } : {}),
  };
  return Object.keys(d).length === 0 ? null : d;
}

/** The whole document a link opens: the parts it carries over the built-in scenario's. Null when a part is missing and nothing can fill it. */
function sharedDoc(p: SharePayload): Doc | null {
  const base = builtinDoc(p.scenario);
  const handlerText = p.doc?.handlerText ?? base?.handlerText;
  const context = p.doc?.context ?? base?.context;
  if (handlerText === undefined || context === undefined) return null;
  const source = p.doc?.source ?? base?.source;
  return {
    handlerText,
    context,
    ...(p.doc?.meta !== undefined ? { meta: p.doc.meta } : {}),
    ...(source !== undefined ? { source } : {}),
  };
}

/**
 * The fragment (without `#`) for a share link, or TOO_LARGE when it would be
 * refused on the other side. lz-string is loaded on the first share, not with the page.
 */
export async function encodeShare(work: Work): Promise<Decoded<string>> {
  const json = JSON.stringify(sharePayloadOf(work));
  if (byteLength(json) > IO_LIMITS.maxTextBytes)
    return refuse('TOO_LARGE', `the state is ${byteLength(json)} bytes of JSON, over ${IO_LIMITS.maxTextBytes}`);
  const lz = await import('lz-string');
  const compress =
    lz.compressToEncodedURIComponent ?? (lz as unknown as { default: typeof lz }).default.compressToEncodedURIComponent;
  const fragment = SHARE_PREFIX + compress(json);
  if (fragment.length > IO_LIMITS.maxCompressedBytes)
    return refuse('TOO_LARGE', `the link would be ${fragment.length} characters, over ${IO_LIMITS.maxCompressedBytes}`);
  return { ok: true, value: fragment };
}

/**
 * Decodes a share fragment (with or without its `#`): size first, then bounded
 * decompression, then the strict parser, then the schema. Nothing is applied here.
 */
export function decodeShare(fragment: string): Decoded<SharePayload> {
  const f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (f.length > IO_LIMITS.maxCompressedBytes)
    return refuse('TOO_LARGE', `the link's fragment is ${f.length} characters, over ${IO_LIMITS.maxCompressedBytes}`);
  if (!f.startsWith(SHARE_PREFIX)) return refuse('NOT_COMPRESSED', 'the fragment does not start with s=');
  const d = decompressFromEncodedURIComponentBounded(f.slice(SHARE_PREFIX.length), IO_LIMITS.maxTextBytes);
  if (!d.ok) {
    return d.reason === 'TOO_LARGE'
      ? refuse('TOO_LARGE', `it decompresses to more than ${IO_LIMITS.maxTextBytes} bytes`)
      : refuse('NOT_COMPRESSED', 'the fragment is not lz-string URI-safe data');
  }
  if (byteLength(d.text) > IO_LIMITS.maxTextBytes)
    return refuse('TOO_LARGE', `it decompresses to more than ${IO_LIMITS.maxTextBytes} bytes`);
  const json = strictJson(d.text);
  if (!json.ok) return json;
  const r = checkSchema(SharePayloadSchema, json.value);
  if (!r.success) return { ok: false, error: schemaError(r.error) };
  // A built-in MCP scenario's document may be missing here only because its chunk has not arrived: applyShare opens the built-in one.
  if (sharedDoc(r.data) === null && !isMcpScenario(r.data.scenario))
    return refuse(
      'WRONG_SCHEMA',
      `/doc: the link opens ${JSON.stringify(r.data.scenario)}, which is not built in, without its whole document`,
    );
  return { ok: true, value: r.data };
}

/** The work after opening a share link: the shared document and exercise replace the receiver's; their other scenarios stay. */
export function applyShare(work: Work, p: SharePayload): Work {
  const doc = sharedDoc(p);
  const { [p.scenario]: _replaced, ...others } = work.docs;
  return {
    mode: p.mode,
    scenarioId: p.scenario,
    docs: compactDocs(doc === null ? others : { ...others, [p.scenario]: doc }),
    attackId: p.attack ?? null,
    ...(p.mistake !== undefined ? { mistake: p.mistake } : {}),
    ...(p.recovery_case !== undefined ? { recoveryCase: p.recovery_case } : {}),
    ...(p.recovery_broken !== undefined ? { recoveryBroken: p.recovery_broken } : {}),
    ...(p.recovery_log !== undefined ? { recoveryLog: p.recovery_log } : {}),
    exercise:
      p.exercise === undefined
        ? initialExercise()
        : exerciseOfSaved(p.exercise as SavedExercise & { items: Doc[]; sealed?: (Doc | null)[] }),
    turn:
      p.turn === undefined
        ? work.turn
        : withTurnStep(
            withTurnDoc(withTurnStream(work.turn, p.turn.stream), p.turn.doc ?? EMPTY_TURN_DOC),
            p.turn.step,
          ),
  };
}
