/** The eight mistakes of the chapter, in its order (`&mistake=1` … `&mistake=8`). */
import { allFieldsResult } from './allFieldsResult.ts';
import { cachedFlag } from './cachedFlag.ts';
import { credentialPassThrough } from './credentialPassThrough.ts';
import { digestShapeOnly } from './digestShapeOnly.ts';
import type { Mistake, MistakeId } from './mistake.ts';
import { outputUnchecked } from './outputUnchecked.ts';
import { positionalPairing } from './positionalPairing.ts';
import { providerShapeAsModel } from './providerShapeAsModel.ts';
import { retryFromMessage } from './retryFromMessage.ts';

export const MISTAKES: readonly Mistake[] = [
  allFieldsResult,
  outputUnchecked,
  digestShapeOnly,
  cachedFlag,
  retryFromMessage,
  credentialPassThrough,
  positionalPairing,
  providerShapeAsModel,
];

export function findMistake(id: number): Mistake | null {
  return MISTAKES.find((m) => m.id === (id as MistakeId)) ?? null;
}

export type { Mistake, MistakeRun } from './mistake.ts';
