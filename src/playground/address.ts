/**
 * The address: `?scenario=ID`, `&attack=A3`, `?mode=exercise`,
 * `?mode=learn&scenario=ID&mistake=3`, `?mode=turn&provider=P&stream=ID&step=N`,
 * `?mode=recovery&case=ID&broken=ID`, `?mode=attack&case=agentdojo_banking` (a real case of the attack lab:
 * `case` names a recovery case or an attack case, and no id is both).
 * Pure: ./browser.ts reads and writes the address bar.
 */
import type { AttackId } from '../lessons/attacks.ts';
import { DEFAULT_RECOVERY_CASE, isRecoveryCaseId } from '../lessons/recoveryProofs.ts';
import { isBrokenPlaneId, type BrokenPlaneId } from '../lessons/recoveryLab/brokenPlaneIds.ts';
import { isAttackCaseId, type AttackCaseId } from '../lessons/agentdojoCase/caseIds.ts';
import { buildTurnAddress, providerOfStream, turnAddressOf, turnStepOf } from './turn/turnAddress.ts';
import { isAttackId, isMistakeNumber, MODES, type Mode, type Work } from './work.ts';

export interface Address {
  mode: string | null;
  scenario: string | null;
  attack: string | null;
  mistake?: string | null;
  provider?: string | null;
  stream?: string | null;
  step?: string | null;
  case?: string | null;
  broken?: string | null;
}

/** Where the learner is: what the address names (the turn mode's stream and step only matter in that mode). */
export type Place = Pick<
  Work,
  'mode' | 'scenarioId' | 'attackId' | 'mistake' | 'recoveryCase' | 'recoveryBroken' | 'attackCase'
> & {
  turnStream?: string;
  /** The turn's event on screen (from 0); absent: where the stream opens. Read with `turnStream` only. */
  turnStep?: number;
};

export function placeOf(w: Work): Place {
  return {
    mode: w.mode,
    scenarioId: w.scenarioId,
    attackId: w.attackId,
    mistake: w.mistake,
    turnStream: w.turn.stream,
    ...(w.turn.step !== undefined ? { turnStep: w.turn.step } : {}),
    ...(w.recoveryCase !== undefined ? { recoveryCase: w.recoveryCase } : {}),
    ...(w.recoveryBroken !== undefined ? { recoveryBroken: w.recoveryBroken } : {}),
    ...(w.attackCase !== undefined ? { attackCase: w.attackCase } : {}),
  };
}

export function parseSearch(search: string): Address {
  const q = new URLSearchParams(search);
  return {
    mode: q.get('mode'),
    scenario: q.get('scenario'),
    attack: q.get('attack'),
    mistake: q.get('mistake'),
    provider: q.get('provider'),
    stream: q.get('stream'),
    step: q.get('step'),
    case: q.get('case'),
    broken: q.get('broken'),
  };
}

/** The query string of a work's place (no fragment): the address a learner can bookmark. */
export function searchOf(work: Place): string {
  if (work.mode === 'turn' && work.turnStream !== undefined)
    return buildTurnAddress({
      provider: providerOfStream(work.turnStream),
      stream: work.turnStream,
      ...(work.turnStep !== undefined ? { step: work.turnStep } : {}),
    });
  const q = new URLSearchParams();
  if (work.mode === 'recovery') {
    q.set('mode', 'recovery');
    q.set('case', work.recoveryCase ?? DEFAULT_RECOVERY_CASE);
    if (work.recoveryBroken !== undefined) q.set('broken', work.recoveryBroken);
  } else if (work.mode === 'attack' && work.attackCase !== undefined) {
    q.set('mode', 'attack');
    q.set('case', work.attackCase);
  } else if (work.mode === 'exercise') q.set('mode', 'exercise');
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

export type AddressProblem = {
  kind:
    | 'unknown-scenario'
    | 'unknown-attack'
    | 'unknown-mode'
    | 'unknown-mistake'
    | 'unknown-stream'
    | 'unknown-step'
    | 'unknown-case'
    | 'unknown-broken';
  value: string;
};

/** Where an address points, against what this work knows; unknown ids fall back and are reported. */
export function resolveAddress(
  work: Work,
  a: Address,
  known: (id: string) => boolean,
  fallbackScenario: string,
): { place: Place; problems: AddressProblem[] } {
  const problems: AddressProblem[] = [];
  let mode: Mode = work.mode;
  let scenarioId = work.scenarioId;
  let attackId: AttackId | null = work.attackId;
  let mistake: number | undefined = work.mistake;
  let turnStream = work.turn.stream;
  let turnStep = work.turn.step;
  let recoveryCase = work.recoveryCase;
  let recoveryBroken: BrokenPlaneId | undefined = work.recoveryBroken;
  let attackCase: AttackCaseId | undefined = work.attackCase;
  const provider = a.provider ?? null;
  const stream = a.stream ?? null;
  const step = a.step ?? null;
  const caseId = a.case ?? null;
  const broken = a.broken ?? null;
  const any =
    a.mode !== null ||
    a.scenario !== null ||
    a.attack !== null ||
    (a.mistake ?? null) !== null ||
    provider !== null ||
    stream !== null ||
    caseId !== null ||
    broken !== null;
  if (any) {
    mode = 'playground';
    attackId = null;
    mistake = undefined;
    // The address names the plane beside the real one, or none: Back to before the choice is the real plane alone.
    recoveryBroken = undefined;
    attackCase = undefined;
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
  if (provider !== null || stream !== null) {
    if (a.mode === null) mode = 'turn';
    const t = turnAddressOf(provider, stream);
    if (t.ok) {
      turnStream = t.address.stream;
      // An address that names a stream names its step too: none, or one it cannot read, is where the stream opens.
      const at = step === null ? null : turnStepOf(step);
      turnStep = at ?? undefined;
      if (step !== null && at === null) problems.push({ kind: 'unknown-step', value: step });
    } else problems.push({ kind: 'unknown-stream', value: t.value ?? '' });
  }
  if (caseId !== null && isAttackCaseId(caseId) && (a.mode === null || a.mode === 'attack')) {
    // The attack lab's real case: its own page in the attack mode.
    mode = 'attack';
    attackCase = caseId;
  } else if (caseId !== null) {
    if (a.mode === null) mode = 'recovery';
    if (isRecoveryCaseId(caseId)) recoveryCase = caseId;
    else problems.push({ kind: 'unknown-case', value: caseId });
  }
  if (broken !== null) {
    if (a.mode === null) mode = 'recovery';
    if (isBrokenPlaneId(broken)) recoveryBroken = broken;
    else problems.push({ kind: 'unknown-broken', value: broken });
  }
  if (!known(scenarioId)) scenarioId = fallbackScenario;
  return {
    place: {
      mode,
      scenarioId,
      attackId,
      mistake,
      turnStream,
      ...(turnStep !== undefined ? { turnStep } : {}),
      ...(recoveryCase !== undefined ? { recoveryCase } : {}),
      ...(recoveryBroken !== undefined ? { recoveryBroken } : {}),
      ...(attackCase !== undefined ? { attackCase } : {}),
    },
    problems,
  };
}
