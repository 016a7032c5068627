/**
 * The learner's work in the turn mode, as plain data: which stream
 * is open, and for every stream they touched, their edit of its text, the
 * fault switch that is on, and their edits of the handler outputs (by call
 * id). Switching streams never loses an edit. Saved with the rest of the work
 * and carried by a share link. Pure, and on the first load: no fixture here.
 */
import { defaultStream, isTurnStreamId } from './turnAddress.ts';

export interface TurnDoc {
  /** The stream file's text as the learner edited it; null while it is the fixture's own stream. */
  stream: string | null;
  /** The fault switch on, laid over the stream (a `FaultId`); null when none is. */
  fault: string | null;
  /** Handler outputs as edited, by call id; a call absent here has the fixture's output. */
  handlers: Record<string, string>;
}

export interface TurnWork {
  /** The open stream: a fixture id (its provider is the part before the dot). */
  stream: string;
  /**
   * The open stream's event on screen, from 0; absent: where the stream opens (its outcome, or the injection story's
   * first step). In the address and a share link, not in the saved work: it is where the learner is, not what they did.
   */
  step?: number;
  docs: Record<string, TurnDoc>;
}

export const EMPTY_TURN_DOC: TurnDoc = Object.freeze({
  stream: null,
  fault: null,
  handlers: Object.freeze({}),
}) as TurnDoc;

export function initialTurnWork(): TurnWork {
  return { stream: defaultStream('openai'), docs: {} };
}

export function turnDocOf(turn: TurnWork, id: string = turn.stream): TurnDoc {
  return turn.docs[id] ?? EMPTY_TURN_DOC;
}

export function isTurnDocEdited(d: TurnDoc): boolean {
  return d.stream !== null || d.fault !== null || Object.keys(d.handlers).length > 0;
}

/** Drops unedited docs and docs of streams that no longer exist, so what is saved and shared is only what the learner changed. */
export function compactTurnDocs(docs: Record<string, TurnDoc>): Record<string, TurnDoc> {
  return Object.fromEntries(Object.entries(docs).filter(([id, d]) => isTurnStreamId(id) && isTurnDocEdited(d)));
}

/** The turn at another event of its stream (undefined: where the stream opens); the same object when nothing moves. */
export function withTurnStep(turn: TurnWork, step: number | undefined): TurnWork {
  if (turn.step === step) return turn;
  const { step: _old, ...rest } = turn;
  return step === undefined ? rest : { ...rest, step };
}

/** Another stream, opened where it opens: a step belongs to the stream it was taken in. */
export function withTurnStream(turn: TurnWork, stream: string): TurnWork {
  return withTurnStep({ ...turn, stream }, undefined);
}

export function withTurnDoc(turn: TurnWork, doc: TurnDoc): TurnWork {
  return { ...turn, docs: compactTurnDocs({ ...turn.docs, [turn.stream]: doc }) };
}
