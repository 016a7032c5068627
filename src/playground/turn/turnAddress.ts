/**
 * The turn mode's address: `?mode=turn&provider=P&stream=ID`, one
 * per provider and fixture (docs/turn-contract.md#the-turn-command), and `&step=N` once the learner
 * has stepped (1 is the first event; without it a stream opens where it always opens). Pure: ../address.ts reads the
 * parameters and asks {@link turnAddressOf} what they name; ../browser.ts
 * owns the address bar.
 *
 * It is on the page's first load (the address is read before any mode's
 * code arrives), so it carries the fixtures' ids, not the fixtures: a test
 * holds {@link TURN_STREAM_IDS} to `chapter/turnFixtures.ts`. The streams
 * recorded from the live APIs (docs/turn-contract.md#what-providers-really-send) are addressed the same way, by the
 * ids of {@link RECORDED_STREAM_IDS}.
 *
 * @example
 * turnAddressOf('anthropic', null) // { ok: true, address: { provider: 'anthropic', stream: 'anthropic.one_call' } }
 */
import type { ProviderName } from '#lib/core/tables/index.ts';
import { RECORDED_STREAM_IDS } from './recordedStreamIds.ts';

export const TURN_PROVIDER_NAMES: readonly ProviderName[] = ['openai', 'anthropic', 'gemini'];

const KINDS = [
  'one_call',
  'parallel_calls',
  'truncated',
  'injection_follow_up',
  'invalid_arguments',
  'stream_order',
  'stream_unterminated',
  'stream_error',
  'arguments_disagree',
  'duplicate_call_id',
] as const;

/** Every turn fixture's id, in the order of `chapter/turnFixtures.ts` (only OpenAI's stream can show ARGUMENTS_DISAGREE). */
export const TURN_STREAM_IDS: readonly string[] = TURN_PROVIDER_NAMES.flatMap((p) =>
  KINDS.filter((k) => k !== 'arguments_disagree' || p === 'openai').map((k) => `${p}.${k}`),
);

export const isTurnProviderName = (p: unknown): p is ProviderName =>
  typeof p === 'string' && (TURN_PROVIDER_NAMES as readonly string[]).includes(p);
/** A stream recorded from a live API (src/chapter/recordings), loaded on demand. */
export const isRecordedStreamId = (id: unknown): id is string =>
  typeof id === 'string' && RECORDED_STREAM_IDS.includes(id);
export const isTurnStreamId = (id: unknown): id is string =>
  (typeof id === 'string' && TURN_STREAM_IDS.includes(id)) || isRecordedStreamId(id);

/** The provider of a stream id: the part before the dot. */
export const providerOfStream = (id: string): ProviderName =>
  isTurnProviderName(id.split('.')[0]) ? (id.split('.')[0] as ProviderName) : 'openai';

export interface TurnAddress {
  provider: ProviderName;
  /** A fixture id (docs/turn-contract.md#fixtures-and-the-sdk-cross-check), or a recorded stream's id, of that provider. */
  stream: string;
  /** The event on screen, from 0 (the address says it from 1); absent: where the stream opens. */
  step?: number;
}

/** Why an address names no stream: the parameter at fault and its value (the notice that reports it is in the learner's language). */
export type TurnAddressParse =
  { ok: true; address: TurnAddress } | { ok: false; param: 'provider' | 'stream'; value: string };

/** The first stream a provider's address opens when it names none. */
export const defaultStream = (provider: ProviderName): string => `${provider}.one_call`;

/** The address named by the `provider` and `stream` parameters (either may be absent). Never throws. */
export function turnAddressOf(p: string | null, stream: string | null): TurnAddressParse {
  if (stream !== null && !isTurnStreamId(stream)) return { ok: false, param: 'stream', value: stream };
  if (p !== null && !isTurnProviderName(p)) return { ok: false, param: 'provider', value: p };
  const provider: ProviderName = p ?? (stream === null ? 'openai' : providerOfStream(stream));
  if (stream !== null && providerOfStream(stream) !== provider) return { ok: false, param: 'stream', value: stream };
  return { ok: true, address: { provider, stream: stream ?? defaultStream(provider) } };
}

/**
 * The highest step an address may name. The stream's length is not known when the address is read (a recording
 * loads later, an edit changes it): a step past the end is the last event, shown as such once the stream is read.
 */
export const MAX_ADDRESS_STEP = 999_999;

/** The event (from 0) named by the `step` parameter (from 1), or null when it names none: `abc`, `0`, `-1`, `1e3`. */
export function turnStepOf(step: string): number | null {
  if (!/^[1-9][0-9]{0,5}$/.test(step)) return null;
  return Number(step) - 1;
}

/**
 * The step an address or a link can carry, or undefined. "To the end" (after a fault switch) is held until the stream
 * is read and its end known: until then the address says nothing, and a link made then opens on the outcome.
 */
export const addressStep = (step: number | undefined): number | undefined =>
  step !== undefined && Number.isInteger(step) && step >= 0 && step < MAX_ADDRESS_STEP ? step : undefined;

/** The query string of an address, parameters in a fixed order: `?mode=turn&provider=P&stream=ID&step=N`. */
export function buildTurnAddress(address: TurnAddress): string {
  const params = new URLSearchParams([
    ['mode', 'turn'],
    ['provider', address.provider],
    ['stream', address.stream],
  ]);
  const step = addressStep(address.step);
  if (step !== undefined) params.set('step', String(step + 1));
  return `?${params.toString()}`;
}
