/**
 * The links the shell writes: each mode's address, the guide's places and
 * search_kb.injection's next turn (the fixtures `P.injection_follow_up`). Every address keeps
 * presentation on ({@link placeHref}, the one place an in-app address is made), so a link opened in a new tab
 * presents too.
 */
import type { AttackId } from '../../lessons/attacks.ts';
import { DEFAULT_RECOVERY_CASE, type RecoveryCaseId } from '../../lessons/recoveryProofs.ts';
import type { BrokenPlaneId } from '../../lessons/recoveryLab/brokenPlaneIds.ts';
import type { Place } from '../../playground/address.ts';
import { providerOfStream } from '../../playground/turn/turnAddress.ts';
import type { Mode, Work } from '../../playground/work.ts';
import type { GuideLink, GuideTargets } from '../features/guide/GuideDialog.tsx';
import { keepLearnTab } from '../features/learn/learnTab.ts';
import { placeHref } from '../hooks/usePresent.ts';
import type { PlaygroundApi } from '../state/usePlayground.ts';

export interface ShellLinks {
  hrefFor(place: Place): string;
  /** A mode's address, keeping the scenario, the attack, the mistake and the stream. */
  hrefOf(mode: Mode): string;
  /** search_kb.injection's next turn: the playground's bar and the attack lab's A14 link to it. */
  injectionTurn: GuideLink;
  /** The attack lab's real case (AgentDojo's banking suite): A14 and the lab's list link to it. */
  agentdojoCase: GuideLink;
  /** The Learn mode on its recovery walk-through: the exercise's next step once its five proofs are shown. */
  recovery: GuideLink;
  guideTargets(): GuideTargets;
  /** A case of the recovery lab: its address, and opening it. */
  recoveryCaseHref(id: RecoveryCaseId): string;
  openRecoveryCase(id: RecoveryCaseId): void;
  /** The broken plane beside the real one (null: none), a new address of the lab. */
  openRecoveryBroken(id: BrokenPlaneId | null): void;
}

export function shellLinks(work: Work, present: boolean, go: PlaygroundApi['go']): ShellLinks {
  const hrefFor = (place: Place) => placeHref(place, present);
  const hrefOf = (m: Mode) =>
    hrefFor({
      mode: m,
      scenarioId: work.scenarioId,
      attackId: m === 'attack' ? work.attackId : null,
      mistake: m === 'learn' ? work.mistake : undefined,
      turnStream: work.turn.stream,
      ...(work.recoveryCase !== undefined ? { recoveryCase: work.recoveryCase } : {}),
      ...(work.recoveryBroken !== undefined ? { recoveryBroken: work.recoveryBroken } : {}),
    });
  // Another case keeps the broken plane beside the real one: the learner chose it to compare, case by case.
  const recoveryPlace = (id: RecoveryCaseId, broken: BrokenPlaneId | null = work.recoveryBroken ?? null) =>
    ({
      mode: 'recovery',
      scenarioId: work.scenarioId,
      attackId: null,
      recoveryCase: id,
      ...(broken !== null ? { recoveryBroken: broken } : {}),
    }) as const;
  const recoveryCaseHref = (id: RecoveryCaseId) => hrefFor(recoveryPlace(id));
  const openRecoveryCase = (id: RecoveryCaseId) => go(recoveryPlace(id));
  const openRecoveryBroken = (broken: BrokenPlaneId | null) =>
    go(recoveryPlace(work.recoveryCase ?? DEFAULT_RECOVERY_CASE, broken));
  const injectionStream = `${providerOfStream(work.turn.stream)}.injection_follow_up`;
  const injectionTurn = {
    href: hrefFor({ mode: 'turn', scenarioId: work.scenarioId, attackId: null, turnStream: injectionStream }),
    open: () => go({ mode: 'turn', scenarioId: work.scenarioId, attackId: null, turnStream: injectionStream }),
  };
  const casePlace = {
    mode: 'attack',
    scenarioId: work.scenarioId,
    attackId: work.attackId,
    attackCase: 'agentdojo_banking',
  } as const;
  const agentdojoCase = { href: hrefFor({ ...casePlace, mistake: undefined }), open: () => go(casePlace) };
  const guideTargets = (): GuideTargets => {
    const to = (place: Parameters<typeof go>[0]): GuideLink => ({
      href: hrefFor({ ...place, attackId: place.attackId as AttackId | null, mistake: undefined }),
      open: () => go(place),
    });
    return {
      playground: to({ mode: 'playground', scenarioId: 'search_kb.hits', attackId: null }),
      exercise: to({ mode: 'exercise', scenarioId: work.scenarioId, attackId: null }),
      learn: to({ mode: 'learn', scenarioId: work.scenarioId, attackId: null }),
      attack: to({ mode: 'attack', scenarioId: 'search_kb.injection', attackId: 'A14' }),
      turn: injectionTurn,
      recovery: { href: recoveryCaseHref('lost_response'), open: () => openRecoveryCase('lost_response') },
    };
  };
  // The tab is the page's, not the address's: a link opened in a new tab shows Learn where it opens.
  const recovery = {
    href: hrefFor({ mode: 'learn', scenarioId: work.scenarioId, attackId: null, mistake: undefined }),
    open: () => {
      keepLearnTab('recovery');
      go({ mode: 'learn', scenarioId: work.scenarioId, attackId: null });
    },
  };
  return {
    hrefFor,
    hrefOf,
    injectionTurn,
    agentdojoCase,
    recovery,
    guideTargets,
    recoveryCaseHref,
    openRecoveryCase,
    openRecoveryBroken,
  };
}
