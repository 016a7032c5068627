/**
 * The turn mode's address (issue 13): `?mode=turn&provider=P&stream=ID`, one
 * per provider and fixture (SPEC 8.4). A pure codec: parse a query string
 * into an address or a refusal with its reason, build one back. Only the
 * module that owns the URL reads and writes `location`; this one never does.
 *
 * @example
 * parseTurnAddress('?mode=turn&provider=anthropic&stream=anthropic.parallel_calls')
 * // { ok: true, address: { provider: 'anthropic', stream: 'anthropic.parallel_calls' } }
 */
import { isTurnProvider, TURN_PROVIDERS } from '../../core/assembleTurn.ts';
import type { ProviderName } from '../../core/providerAdapters.ts';
import { turnFixtures } from '../../core/turnFixtures.ts';
import type { Bilingual } from './bilingual.ts';

export interface TurnAddress {
  provider: ProviderName;
  /** A fixture id of SPEC 8.4, of that provider. */
  stream: string;
}

export type TurnAddressParse = { ok: true; address: TurnAddress } | { ok: false; param: 'mode' | 'provider' | 'stream'; value: string | null; reason: Bilingual };

/** The first stream a provider's address opens when it names none. */
export const defaultStream = (provider: ProviderName): string => `${provider}.one_call`;

const refuse = (param: 'mode' | 'provider' | 'stream', value: string | null, en: string, zh: string): TurnAddressParse => ({ ok: false, param, value, reason: { en, zh } });

/**
 * Reads the turn mode's parameters from a query string (with or without its
 * `?`). Parameters other than these three belong to other parts of the
 * playground and are left alone. Never throws.
 */
export function parseTurnAddress(query: string): TurnAddressParse {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    return refuse('mode', null, 'the address is not a query string', '地址不是有效的查询字符串');
  }
  for (const name of ['mode', 'provider', 'stream'] as const) {
    if (params.getAll(name).length > 1) return refuse(name, null, `"${name}" is given more than once`, `"${name}" 出现了不止一次`);
  }
  const mode = params.get('mode');
  if (mode !== 'turn') return refuse('mode', mode, `mode ${JSON.stringify(mode)} is not the turn mode ("turn")`, `模式 ${JSON.stringify(mode)} 不是模型回合模式（"turn"）`);
  const stream = params.get('stream');
  const fixture = stream === null ? null : turnFixtures.find((f) => f.id === stream);
  if (stream !== null && fixture === undefined) {
    return refuse('stream', stream, `no stream fixture is called ${JSON.stringify(stream)}`, `没有名为 ${JSON.stringify(stream)} 的流样例`);
  }
  const p = params.get('provider');
  if (p !== null && !isTurnProvider(p)) {
    return refuse('provider', p, `unknown provider ${JSON.stringify(p)}: expected ${TURN_PROVIDERS.join(', ')}`, `未知的服务商 ${JSON.stringify(p)}：应为 ${TURN_PROVIDERS.join('、')}`);
  }
  const provider: ProviderName = p ?? fixture?.provider ?? 'openai';
  if (fixture != null && fixture.provider !== provider) {
    return refuse('stream', stream, `${JSON.stringify(stream)} is a ${fixture.provider} stream, not ${provider}`, `${JSON.stringify(stream)} 是 ${fixture.provider} 的流，不是 ${provider} 的`);
  }
  return { ok: true, address: { provider, stream: stream ?? defaultStream(provider) } };
}

/** The query string of an address, parameters in a fixed order: `?mode=turn&provider=P&stream=ID`. */
export function buildTurnAddress(address: TurnAddress): string {
  const params = new URLSearchParams([
    ['mode', 'turn'],
    ['provider', address.provider],
    ['stream', address.stream],
  ]);
  return `?${params.toString()}`;
}
