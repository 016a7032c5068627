/**
 * SHA-256 and HMAC-SHA-256 as lower-case hex, synchronous and identical in the
 * browser and Node (@noble/hashes). WebCrypto is kept only as a second,
 * independent implementation that the playground and the tests compare with.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

// One shared encoder: @noble/hashes' utf8ToBytes costs ~3 µs a call here, several times a small hash.
const encoder = new TextEncoder();
const toBytes = (input: Uint8Array | string): Uint8Array => (typeof input === 'string' ? encoder.encode(input) : input);

/**
 * UTF-8 into one reused buffer, for the synchronous hashes only: they consume
 * the bytes before returning. Measured in Node 20: encode() of a 382-character
 * preimage 2.5 µs (an allocation each time), encodeInto() here 0.08 µs —
 * a third of the cost of a small hash. Long texts get their own buffer, so
 * the scratch never holds more than 192 KiB.
 */
const SCRATCH_MAX_CHARS = 64 * 1024;
let scratch = new Uint8Array(4096);
function scratchBytes(input: Uint8Array | string): Uint8Array {
  if (typeof input !== 'string') return input;
  if (input.length > SCRATCH_MAX_CHARS) return encoder.encode(input);
  const need = input.length * 3; // UTF-8 needs at most 3 bytes per UTF-16 code unit
  if (scratch.length < need) scratch = new Uint8Array(Math.max(need, scratch.length * 2));
  const { written } = encoder.encodeInto(input, scratch);
  return scratch.subarray(0, written);
}

/** @example sha256Hex('abc') // 'ba7816bf…f20015ad' */
export function sha256Hex(input: Uint8Array | string): string {
  return bytesToHex(sha256(scratchBytes(input)));
}

/** HMAC-SHA-256 (RFC 2104) with a hex-encoded key. */
export function hmacSha256Hex(keyHex: string, input: Uint8Array | string): string {
  return bytesToHex(hmac(sha256, hexToBytes(keyHex), scratchBytes(input)));
}

/** A SHA-256 or HMAC-SHA-256 that has absorbed a prefix; each `finish` hashes only its suffix. */
export interface PrefixedHash {
  /** Hex digest of prefix + suffix: the same as sha256Hex / hmacSha256Hex of the whole text. */
  finish(suffix: string): string;
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
  state.update(scratchBytes(prefix));
  const splitsPair = prefix.length > 0 && isHigh(prefix.charCodeAt(prefix.length - 1));
  return {
    finish(suffix: string): string {
      if (splitsPair || (suffix.length > 0 && isLow(suffix.charCodeAt(0)))) {
        return keyHex === undefined ? sha256Hex(prefix + suffix) : hmacSha256Hex(keyHex, prefix + suffix);
      }
      return bytesToHex(state.clone().update(scratchBytes(suffix)).digest());
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
  const key = await subtle.importKey('raw', hexToBytes(keyHex) as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
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
