/**
 * How a store reads an audit entry's JSON back (docs/audit-log.md#reading-the-log): with the
 * project's strict parser, the one `audit verify` reads the same columns with, never with
 * `JSON.parse`. JSON.parse keeps the last of a member named twice, so a writer of the store could
 * put a forged value first and the original last: the verifier would see the original and the
 * chain would hold, while any reader that keeps the first, or shows the text, sees the forgery.
 * The plane's `auditEntries()` returns `AuditEntry[]`, whose members are typed as parsed values,
 * so a text that is not strict JSON cannot be handed on as an entry: it is this typed error,
 * located by seq, member, line and column.
 */
import { ToolResultContractError } from '../core/json/index.ts';
import { parseStrictJson, type JsonParseError, type JsonValue } from '../core/index.ts';

/** The members of an entry a store keeps as JSON text. */
export type AuditJsonMember = 'protected_audit' | 'attempts';

/**
 * A stored entry whose JSON text the strict parser refuses: the log is not readable as the plane wrote it.
 *
 * @example
 * ```ts
 * try {
 *   await plane.auditEntries(); // a SQL store's entry whose JSON text was changed by hand
 * } catch (e) {
 *   if (e instanceof AuditEntryUnreadableError) console.error(e.seq, e.member, `${e.line}:${e.column}`, e.code);
 * }
 * ```
 */
export class AuditEntryUnreadableError extends ToolResultContractError {
  override readonly name = 'AuditEntryUnreadableError';
  readonly code: JsonParseError['code'];
  /** 1-based, within the member's stored text. */
  readonly line: number;
  /** 1-based, in UTF-16 code units, within the member's stored text. */
  readonly column: number;
  constructor(
    readonly seq: number,
    readonly member: AuditJsonMember,
    error: JsonParseError,
  ) {
    super(
      `audit entry seq ${seq}: ${member} is not strict JSON (${error.code} at ${error.line}:${error.column}: ` +
        `${error.message}); the log was changed outside the plane: verify it with \`tool-result audit verify\``,
    );
    this.code = error.code;
    this.line = error.line;
    this.column = error.column;
  }
}

/** One stored JSON member of entry `seq`, strictly parsed; throws AuditEntryUnreadableError. */
export function readAuditJson(seq: number, member: AuditJsonMember, text: string): JsonValue {
  const parsed = parseStrictJson(text);
  if (!parsed.ok) throw new AuditEntryUnreadableError(seq, member, parsed.error);
  return parsed.value;
}
