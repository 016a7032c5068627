/**
 * The door of src/core/json: JSON as this project reads, encodes and hashes it: strict parsing with positions, RFC 8785, JSON Pointers, UTF-8 and code-point lengths, UTC time, SHA-256.
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { isObject, type JsonValue } from './jsonValue.ts';
export { escapePointerSegment, parsePointer } from './jsonPointer.ts';
export { CanonicalizationError, type CanonicalizationErrorCode, canonicalize } from './canonical.ts';
export type { UntrustedFaultCode } from './untrusted.ts';
export { ToolResultContractError } from './contractError.ts';
export { type JsonLocation, parseStrictJson, STRICT_JSON_LIMITS } from './strictJson.ts';
export {
  type JsonExpected,
  type JsonParseDetail,
  type JsonParseError,
  type JsonParseParams,
  type JsonParseErrorCode,
  type JsonParseReason,
  type JsonParseWords,
  parseErrorMessage,
  sayParseError,
} from './jsonParseError.ts';
export { decodeUtf8Strict } from './utf8Strict.ts';
export { codePointLength, utf8Length } from './text.ts';
export { lineStarts, offsetToLineColumn, positionAt } from './textPosition.ts';
export { constantTimeEqual, hmacSha256Hex, hmacSha256HexWebCrypto, sha256Hex, sha256HexWebCrypto } from './hash.ts';
