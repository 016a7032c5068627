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

/** @example sha256Hex('abc') // 'ba7816bf…f20015ad' */
export function sha256Hex(input: Uint8Array | string): string {
  return bytesToHex(sha256(toBytes(input)));
}

/** HMAC-SHA-256 (RFC 2104) with a hex-encoded key. */
export function hmacSha256Hex(keyHex: string, input: Uint8Array | string): string {
  return bytesToHex(hmac(sha256, hexToBytes(keyHex), toBytes(input)));
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
