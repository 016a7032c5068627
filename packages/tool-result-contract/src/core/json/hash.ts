/**
 * SHA-256 and HMAC-SHA-256 as lower-case hex, synchronous and identical in the
 * browser and Node (@noble/hashes). WebCrypto is kept only as a second,
 * independent implementation that the playground and the tests compare with.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

// TextEncoder holds no state between calls: encode() allocates its output every time.
const encoder = new TextEncoder();
const toBytes = (input: Uint8Array | string): Uint8Array => (typeof input === 'string' ? encoder.encode(input) : input);

/**
 * SHA-256 (FIPS 180-4) of a text's UTF-8 bytes or of bytes, as 64 lowercase hex digits; the digests of a package are
 * this over a purpose-prefixed canonical preimage, or its HMAC in keyed mode.
 *
 * @example sha256Hex('abc') // 'ba7816bf…f20015ad'
 */
export function sha256Hex(input: Uint8Array | string): string {
  return bytesToHex(sha256(toBytes(input)));
}

/** HMAC-SHA-256 (RFC 2104) with a hex-encoded key. */
export function hmacSha256Hex(keyHex: string, input: Uint8Array | string): string {
  return bytesToHex(hmac(sha256, hexToBytes(keyHex), toBytes(input)));
}

/** A SHA-256 or HMAC-SHA-256 that has absorbed a prefix; each `finish` hashes only its suffix. */
export interface PrefixedHash {
  /** Hex digest of prefix + suffix: the same as sha256Hex / hmacSha256Hex of the whole text. */
  finish(suffix: string): string;
  /** Wipes the kept state (for HMAC, the padded key); `finish` throws afterwards. */
  destroy(): void;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Many preimages share a long prefix (a call binding's ids come before the
 * digests it binds): the hash state after the prefix is kept and cloned, the
 * way HMAC keeps its padded key. A split inside a surrogate pair would encode
 * differently from the whole text, so that case hashes the whole text instead.
 */
export function prefixedHash(prefix: string, keyHex?: string): PrefixedHash {
  const state = keyHex === undefined ? sha256.create() : hmac.create(sha256, hexToBytes(keyHex));
  state.update(toBytes(prefix));
  const splitsPair = prefix.length > 0 && isHigh(prefix.charCodeAt(prefix.length - 1));
  // Held only until destroy(): no key material outlives the holder's use of it.
  let kept: { key: string | undefined; prefix: string } | null = { key: keyHex, prefix };
  return {
    finish(suffix: string): string {
      if (kept === null) throw new Error('this hash state was destroyed');
      if (splitsPair || (suffix.length > 0 && isLow(suffix.charCodeAt(0)))) {
        return kept.key === undefined ? sha256Hex(kept.prefix + suffix) : hmacSha256Hex(kept.key, kept.prefix + suffix);
      }
      return bytesToHex(state.clone().update(toBytes(suffix)).digest());
    },
    destroy(): void {
      kept = null;
      state.destroy();
    },
  };
}

/** The same digest through `crypto.subtle`, for cross-checking the synchronous one. */
export async function sha256HexWebCrypto(input: Uint8Array | string): Promise<string> {
  const bytes = toBytes(input);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return bytesToHex(new Uint8Array(digest));
}

/** HMAC-SHA-256 through `crypto.subtle`, the keyed-mode cross-check. */
export async function hmacSha256HexWebCrypto(keyHex: string, input: Uint8Array | string): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey(
    'raw',
    hexToBytes(keyHex) as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await subtle.sign('HMAC', key, toBytes(input) as Uint8Array<ArrayBuffer>);
  return bytesToHex(new Uint8Array(mac));
}

/**
 * Compares two digests without an early exit, so the time taken does not tell
 * an attacker how many leading characters of a forged digest were right.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
