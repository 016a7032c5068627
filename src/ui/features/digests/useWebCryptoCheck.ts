/**
 * Recomputes each digest's preimage with the browser's WebCrypto
 * (`crypto.subtle`), independently of @noble/hashes, and reports whether the
 * two agree. Asynchronous, so it lives in a hook; a stale answer (for text the
 * learner has since changed) is never shown.
 */
import { useEffect, useState } from 'react';
import { hmacSha256HexWebCrypto, sha256HexWebCrypto } from '#lib/core/json/index.ts';
import type { DigestName } from '#lib/core/result/index.ts';
import type { ResultView } from '../../../playground/evaluate.ts';

export type WebCryptoStatus =
  { state: 'pending' } | { state: 'unavailable' } | { state: 'done'; value: string; agrees: boolean };

export function useWebCryptoCheck(result: ResultView | null): Partial<Record<DigestName, WebCryptoStatus>> {
  const [answer, setAnswer] = useState<{
    for: ResultView | null;
    values: Partial<Record<DigestName, WebCryptoStatus>>;
  }>({ for: null, values: {} });
  useEffect(() => {
    if (result === null) return;
    let cancelled = false;
    const key = result.trusted.key;
    const subtle = globalThis.crypto?.subtle;
    Promise.all(
      result.digests.map(async (d): Promise<[DigestName, WebCryptoStatus]> => {
        if (subtle === undefined || d.preimage === null) return [d.name, { state: 'unavailable' }];
        try {
          const value =
            key === undefined
              ? await sha256HexWebCrypto(d.preimage)
              : await hmacSha256HexWebCrypto(key.secret, d.preimage);
          return [d.name, { state: 'done', value, agrees: value === d.recomputed }];
        } catch {
          return [d.name, { state: 'unavailable' }];
        }
      }),
    ).then((entries) => {
      if (!cancelled) setAnswer({ for: result, values: Object.fromEntries(entries) });
    });
    return () => {
      cancelled = true;
    };
  }, [result]);
  if (result === null) return {};
  if (answer.for !== result)
    return Object.fromEntries(result.digests.map((d) => [d.name, { state: 'pending' } as WebCryptoStatus]));
  return answer.values;
}
