/**
 * The broken planes' ids alone: the address and the saved work name a broken
 * plane on the first load, and ./brokenPlanes.ts (which brings the control
 * plane's types and its own planes) loads only with the lab.
 */
export const BROKEN_PLANE_IDS = [
  'redispatch_unknown',
  'rerun_not_started',
  'replay_no_authz',
  'global_keys',
  'no_fingerprint',
  'recovery_from_message',
] as const;
export type BrokenPlaneId = (typeof BROKEN_PLANE_IDS)[number];

export function isBrokenPlaneId(id: unknown): id is BrokenPlaneId {
  return typeof id === 'string' && (BROKEN_PLANE_IDS as readonly string[]).includes(id);
}
