/**
 * The attack lab's real cases, by id alone (`?mode=attack&case=agentdojo_banking`): the address and the
 * saved work name a case on the first load, and the case itself (./agentdojoCase.ts, which brings the
 * control plane) loads only when it is opened, as ../recoveryLab/brokenPlaneIds.ts does for the lab.
 */
export const ATTACK_CASE_IDS = ['agentdojo_banking'] as const;
export type AttackCaseId = (typeof ATTACK_CASE_IDS)[number];

export function isAttackCaseId(id: unknown): id is AttackCaseId {
  return typeof id === 'string' && (ATTACK_CASE_IDS as readonly string[]).includes(id);
}
