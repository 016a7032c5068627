/**
 * The learner's work, as plain data: which mode and scenario are open, the
 * text and context of every scenario they edited (so switching scenarios
 * never loses text), the selected attack, and the five exercise results.
 * This is what localStorage keeps and what a share link carries. Pure.
 */
import { type Scenario } from '#lib/core/result/index.ts';
import type { AttackId } from '../lessons/attacks.ts';
import type { RecoveryCaseId } from '../lessons/recoveryProofs.ts';
import type { BrokenPlaneId } from '../lessons/recoveryLab/brokenPlaneIds.ts';
import type { AttackCaseId } from '../lessons/agentdojoCase/caseIds.ts';
import type { LabAction } from '../lessons/recoveryLab/labLog.ts';
import type { Bilingual } from '../lang.ts';
import { draftFromContext, draftsEqual, type ContextDraft } from './contextDraft.ts';
import { initialTurnWork, type TurnWork } from './turn/turnWork.ts';
import { EXERCISE_SCENARIO_IDS, findScenario, scenarios } from '../chapter/index.ts';

export type Mode = 'playground' | 'attack' | 'exercise' | 'learn' | 'turn' | 'recovery';
export const MODES: readonly Mode[] = ['playground', 'attack', 'exercise', 'learn', 'turn', 'recovery'];

/** The chapter's eight common mistakes, switched on one at a time in the learn mode (`&mistake=1` … `&mistake=8`). */
export const MISTAKE_COUNT = 8;
export function isMistakeNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MISTAKE_COUNT;
}

export const DEFAULT_SCENARIO_ID = 'search_kb.hits';

/** Title and summary of a scenario, in both languages. */
export interface ScenarioMeta {
  title: Bilingual;
  summary: Bilingual;
}

/** One editable scenario: the handler output as the learner's text, and the trusted context as a form draft. */
export interface Doc {
  handlerText: string;
  context: ContextDraft;
  /** Present for an imported scenario that is not built in: its own title and summary. */
  meta?: ScenarioMeta;
  /**
   * `mcp`: the text is an MCP server's raw CallToolResult, evaluated through the MCP path (docs/scenarios.md#mcp-scenarios);
   * absent, a handler output (every doc saved or shared before MCP scenarios).
   */
  source?: 'mcp';
}

export interface Work {
  mode: Mode;
  scenarioId: string;
  /** Edited or imported scenarios by id; a built-in scenario absent here is at its shipped content. */
  docs: Record<string, Doc>;
  attackId: AttackId | null;
  /**
   * A real case the attack lab opens instead of its list (`?mode=attack&case=agentdojo_banking`); absent: none.
   * Only the address names it: a saved work or a share link opens the lab, whose list links to the case.
   */
  attackCase?: AttackCaseId;
  exercise: ExerciseWork;
  /** The mistake switched on in the learn mode (1–8); absent when every switch is off. */
  mistake?: number;
  /** The turn mode's stream and the learner's edits of streams and handler outputs. */
  turn: TurnWork;
  /** The recovery lab's case (`&case=…`); absent: its first. */
  recoveryCase?: RecoveryCaseId;
  /** The broken plane the lab runs beside the real one (`&broken=…`); absent: the real plane alone. */
  recoveryBroken?: BrokenPlaneId;
  /** What the learner did in the lab's open case, to replay onto a fresh stage (a reload, a share link); absent: nothing yet. */
  recoveryLog?: LabAction[];
}

/** The editor text of a handler output: pretty JSON, two-space indent, as the CLI files are written. */
export function handlerTextOf(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function docOfScenario(s: Scenario): Doc {
  return {
    handlerText: handlerTextOf(s.handler_output),
    context: draftFromContext(s.context),
    ...(s.source !== undefined ? { source: s.source } : {}),
  };
}

/**
 * The built-in MCP scenarios' ids (docs/scenarios.md#mcp-scenarios), in display order. Their data comes with
 * the MCP source's chunk (mcpSource.ts), off the first load; until it is given here (provideMcpScenarios)
 * such a scenario is known, listed and addressable, and its document is awaited (awaitingMcpData).
 * A test holds this list to the chapter's mcpScenarios.
 */
export const MCP_SCENARIO_IDS: readonly string[] = [
  'get_order.mcp_duplicate',
  'get_order.mcp_mismatch',
  'search_kb.mcp_injected_text',
  'get_order.mcp_meta_secret',
  'get_order.mcp_is_error',
];

export function isMcpScenario(id: string): boolean {
  return MCP_SCENARIO_IDS.includes(id);
}

// Set once, when the MCP chunk arrives: the same shipped data for the life of the page, so what was read before differs only by being absent.
let mcpBuiltins: readonly Scenario[] = [];

/** Gives the model the built-in MCP scenarios, once their chunk has loaded. */
export function provideMcpScenarios(list: readonly Scenario[]): void {
  mcpBuiltins = list.filter((s) => isMcpScenario(s.id));
}

function builtinScenario(id: string): Scenario | null {
  return findScenario(id) ?? mcpBuiltins.find((s) => s.id === id) ?? null;
}

/** The open scenario is a built-in MCP one, neither edited nor loaded yet: the page waits for its chunk. */
export function awaitingMcpData(work: Work): boolean {
  return (
    work.mode !== 'exercise' &&
    isMcpScenario(work.scenarioId) &&
    work.docs[work.scenarioId] === undefined &&
    builtinScenario(work.scenarioId) === null
  );
}

/**
 * One Doc per built-in scenario, made once: the page asks for the open scenario's doc on every change of work (in the
 * Model turn, on every keystroke), and a new object each time made the playground re-evaluate a document nobody
 * edited. Docs are never mutated (the reducer replaces them), so sharing one is safe.
 */
const builtinDocs = new WeakMap<Scenario, Doc>();

export function builtinDoc(id: string): Doc | null {
  const s = builtinScenario(id);
  if (s === null) return null;
  let d = builtinDocs.get(s);
  if (d === undefined) builtinDocs.set(s, (d = docOfScenario(s)));
  return d;
}

/**
 * The hands-on exercise (docs/scenarios.md#the-exercise): the learner's five results, and for each
 * the result as sealed (its handler output and trusted context then; the
 * stored package is their projection, which is deterministic), or null.
 */
export interface ExerciseWork {
  items: Doc[];
  activeIndex: number;
  sealed: (Doc | null)[];
}

/** What every slot opens with: an empty handler output to complete, for the slot's own call (the trusted context is the dispatcher's, not the learner's design). */
export const SCAFFOLD_HANDLER_TEXT = '{\n  "kind": ""\n}\n';

export function defaultExerciseItems(): Doc[] {
  return EXERCISE_SCENARIO_IDS.map((id) => ({ ...(builtinDoc(id) as Doc), handlerText: SCAFFOLD_HANDLER_TEXT }));
}

/** The shipped result for slot i: the worked answer, opened only when the learner asks for it. */
export function workedAnswer(i: number): Doc | null {
  const id = EXERCISE_SCENARIO_IDS[i];
  return id === undefined ? null : builtinDoc(id);
}

export const NO_SEALS: readonly null[] = [null, null, null, null, null];

export function initialExercise(activeIndex = 0): ExerciseWork {
  return { items: defaultExerciseItems(), activeIndex, sealed: [...NO_SEALS] };
}

/**
 * Exercise work saved or shared before 2026-12-01 (f646da9) (no `sealed`): its results
 * started as the shipped answers, pre-filled rather than written, so a result
 * still equal to one goes back to the scaffold; an edited one is the learner's and stays.
 */
export function exerciseOfSaved(saved: {
  items: Doc[];
  active: number;
  sealed?: (Doc | null)[] | undefined;
}): ExerciseWork {
  if (saved.sealed !== undefined) return { items: saved.items, activeIndex: saved.active, sealed: saved.sealed };
  const scaffold = defaultExerciseItems();
  return {
    items: saved.items.map((d, i) => (docsEqual(d, workedAnswer(i) as Doc) ? (scaffold[i] as Doc) : d)),
    activeIndex: saved.active,
    sealed: [...NO_SEALS],
  };
}

/** The exercise as saved work and share links write it. */
export const savedExerciseOf = (e: ExerciseWork): { items: Doc[]; active: number; sealed: (Doc | null)[] } => ({
  items: e.items,
  active: e.activeIndex,
  sealed: e.sealed,
});

export function initialWork(): Work {
  return {
    mode: 'playground',
    scenarioId: DEFAULT_SCENARIO_ID,
    docs: {},
    attackId: null,
    exercise: initialExercise(),
    turn: initialTurnWork(),
  };
}

export function docsEqual(a: Doc, b: Doc): boolean {
  return (
    a.handlerText === b.handlerText &&
    draftsEqual(a.context, b.context) &&
    a.source === b.source &&
    JSON.stringify(a.meta ?? null) === JSON.stringify(b.meta ?? null)
  );
}

export function isBuiltinScenario(id: string): boolean {
  return findScenario(id) !== null || isMcpScenario(id);
}

/** Whether an id can be opened: a built-in scenario or one imported into this work. */
export function knownScenario(work: Work, id: string): boolean {
  return isBuiltinScenario(id) || work.docs[id]?.meta !== undefined;
}

/**
 * The attack ids, listed here so the first page load does not carry the
 * attack lab's code (it loads with its mode). The two checks below make the
 * build fail if this list and the core's ever differ.
 */
export const ATTACK_ID_LIST = [
  'A1',
  'A2',
  'A3',
  'A4',
  'A5',
  'A6',
  'A7',
  'A8',
  'A9',
  'A10',
  'A11',
  'A12',
  'A13',
  'A14',
  'A15',
] as const satisfies readonly AttackId[];
type MissingAttackIds = Exclude<AttackId, (typeof ATTACK_ID_LIST)[number]>;
const everyAttackListed: [MissingAttackIds] extends [never] ? true : MissingAttackIds = true;
void everyAttackListed;

export function isAttackId(id: string): id is AttackId {
  return (ATTACK_ID_LIST as readonly string[]).includes(id);
}

let awaitedMcpDoc: Doc | null = null;

/**
 * The document the editor shows: the active exercise result in exercise mode, else the open scenario. While a
 * built-in MCP scenario's data is awaited (awaitingMcpData), a stand-in marked `mcp`, so that nothing reads it
 * as a handler output; the page shows no part of it, and the reducer writes nothing into it.
 */
export function currentDoc(work: Work): Doc {
  if (work.mode === 'exercise')
    return work.exercise.items[work.exercise.activeIndex] ?? (defaultExerciseItems()[0] as Doc);
  const d = work.docs[work.scenarioId] ?? builtinDoc(work.scenarioId);
  if (d !== null) return d;
  const fallback = builtinDoc(DEFAULT_SCENARIO_ID) as Doc;
  if (!isMcpScenario(work.scenarioId)) return fallback;
  return (awaitedMcpDoc ??= { ...fallback, handlerText: '', source: 'mcp' });
}

/** The open scenario differs from what ships (or is imported): offer to reset it. */
export function isEdited(work: Work, id: string = work.scenarioId): boolean {
  const d = work.docs[id];
  if (d === undefined) return false;
  const b = builtinDoc(id);
  return b === null || !docsEqual(d, b);
}

/** The learner has written or sealed something in the exercise. */
export function exerciseEdited(work: Work): boolean {
  const base = defaultExerciseItems();
  return (
    work.exercise.items.some((it, i) => !docsEqual(it, base[i] as Doc)) || work.exercise.sealed.some((d) => d !== null)
  );
}

/** Drops docs that equal their built-in scenario, so what is saved and shared is only what the learner changed. */
export function compactDocs(docs: Record<string, Doc>): Record<string, Doc> {
  const out: Record<string, Doc> = {};
  for (const [id, d] of Object.entries(docs)) {
    const b = builtinDoc(id);
    if (b === null || !docsEqual(d, b)) out[id] = d;
  }
  return out;
}

/** Title and summary of a scenario id (built-in or imported). */
export function scenarioMeta(work: Work, id: string): ScenarioMeta | null {
  const s = builtinScenario(id);
  if (s !== null) return { title: s.title, summary: s.summary };
  return work.docs[id]?.meta ?? null;
}

/** Every scenario the picker lists: the built-ins in display order, the MCP ones, then imported ones. */
export function listedScenarioIds(work: Work): string[] {
  const builtins = [...scenarios.map((s) => s.id), ...MCP_SCENARIO_IDS];
  const imported = Object.keys(work.docs)
    .filter((id) => work.docs[id]?.meta !== undefined && !builtins.includes(id))
    .sort();
  return [...builtins, ...imported];
}
