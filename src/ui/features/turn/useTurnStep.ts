/**
 * The step on screen: `stepAt` through a turn session the turn
 * mode holds for the stream being read, opened again only when the stream's
 * reading changes (its identity). A step then reads a checkpoint's span of
 * events, not the whole prefix twice: stepping through a 1 MiB stream stays
 * under a long task. Same answer as `stepAt` without a session (tested there).
 */
import { useMemo } from 'react';
import type { ProviderName } from '#lib/core/tables/index.ts';
import { openStepSession, stepAt, type StreamOverview, type TurnStep } from '../../../playground/turn/stepThrough.ts';

export function useTurnStep(
  provider: ProviderName,
  overview: Extract<StreamOverview, { ok: true }> | null,
  index: number,
): TurnStep | undefined {
  // No close(): the session holds no key, and an effect's cleanup would close it under StrictMode's second mount.
  const session = useMemo(() => (overview === null ? null : openStepSession(provider, overview)), [provider, overview]);
  return useMemo(
    () =>
      overview === null || session === null || overview.marks.length === 0
        ? undefined
        : stepAt(provider, overview, index, session),
    [provider, overview, session, index],
  );
}
