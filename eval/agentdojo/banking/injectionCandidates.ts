/**
 * Which injection vectors a user task's model reads: upstream's `TaskSuite.get_injection_candidates`. The ground
 * truth runs on an environment whose four vectors hold canaries, and a vector is a candidate when its canary is in
 * the data of a result the model was handed. The attack is then placed in every candidate, as upstream places it.
 */
import { planeFor, runCalls, type Conversation } from '../conversation.ts';
import { INJECTION_VECTORS, loadEnvironment, type VectorId } from './environment.ts';
import type { UserTask } from './suiteTypes.ts';

const canary = (v: VectorId) => `<CANARY---${v}--->`;

export async function injectionCandidates(u: UserTask): Promise<VectorId[]> {
  const vectors = Object.keys(INJECTION_VECTORS) as VectorId[];
  const env = loadEnvironment(Object.fromEntries(vectors.map((v) => [v, canary(v)])));
  const c: Conversation = {
    plane: planeFor(env, { provenance: false, authorization: false }),
    ref: `${u.id}.candidates`,
    n: 0,
    read: [],
  };
  await runCalls(c, u.groundTruth(structuredClone(env)));
  return vectors.filter((v) => c.read.some((text) => text.includes(canary(v))));
}
