/**
 * Violations are data, never exceptions (the zod v4 model): a code from a fixed
 * list, the JSON Pointer of the place, the specifics as typed data, and the
 * same specifics as one English sentence. The UI renders the explanation from
 * the code and the specifics from `params`, in either language.
 */
import { describeParams } from '../messages/locales/enViolation.ts';
import type { ViolationParams } from '../messages/violationParams.ts';
import { StringSet } from '../json/longKeys.ts';

/**
 * Every code a violation can carry (docs/contract.md#validation), in a fixed order; a violation's `code` is always
 * one of these, and a locale has words for each.
 *
 * @example
 * ```ts
 * const known = (code: string): code is ViolationCode => (VIOLATION_CODES as readonly string[]).includes(code);
 * ```
 */
export const VIOLATION_CODES = [
  'RESULT_SCHEMA',
  'DATA_SCHEMA',
  'INPUT_BINDING',
  'PROVENANCE_MISMATCH',
  'TIME_FORMAT',
  'SIZE_LIMIT',
  'DEPTH_LIMIT',
  'SENSITIVE_FIELD',
  'STATUS_INCONSISTENT',
  'ERROR_CATALOG_MISMATCH',
  'AUDIT_SCHEMA',
  'AUDIT_CONTEXT_MISMATCH',
  'AUDIT_LEAK',
  'REQUEST_DIGEST_MISMATCH',
  'RESULT_DIGEST_MISMATCH',
  'CALL_BINDING_MISMATCH',
  'UNREGISTERED_ADAPTER',
  'UNKNOWN_TOOL',
  // local_replay and receipt_reconciled without their evidence (docs/contract.md#delivery-evidence).
  'DELIVERY_EVIDENCE',
  // An MCP server's CallToolResult (docs/mcp.md#the-four-codes): each refuses the result.
  'MCP_RESULT_SCHEMA',
  'MCP_CONTENT_MISMATCH',
  'MCP_NOT_FINAL',
  'MCP_DEFINITION_CHANGED',
] as const;

export type ViolationCode = (typeof VIOLATION_CODES)[number];

export interface Violation {
  code: ViolationCode;
  /** RFC 6901 pointer: into the handler output during projection, into the package during validation. */
  path: string;
  /** The specifics as data (messages/violationParams.ts): what a locale renders. */
  params: ViolationParams;
  /**
   * The specifics in English, rendered from `params` by the en locale (describeParams) when it is read: a
   * property like the others to JSON, a copy or a spread, and no English built for a report no one prints.
   */
  readonly detail: string;
}

/** Collects violations once per (code, path), so one fault seen by two checks is reported once. */
export class ViolationList {
  readonly items: Violation[] = [];
  /**
   * The paths seen, per code. Not native Sets: a path of over 16,383 characters would hash by its length
   * alone, and a thousand of them made `project` quadratic (json/longKeys.ts).
   */
  private readonly seen = new Map<ViolationCode, StringSet>();

  /** Whether (code, path) is new, remembering it. */
  private first(code: ViolationCode, path: string): boolean {
    let paths = this.seen.get(code);
    if (paths === undefined) this.seen.set(code, (paths = new StringSet()));
    if (paths.has(path)) return false;
    paths.add(path);
    return true;
  }

  add(code: ViolationCode, path: string, params: ViolationParams): void {
    if (this.first(code, path))
      this.items.push({
        code,
        path,
        params,
        get detail() {
          return describeParams(params);
        },
      });
  }

  /** A violation found by another check, as it is. */
  addViolation(v: Violation): void {
    if (this.first(v.code, v.path)) this.items.push(v);
  }

  get length(): number {
    return this.items.length;
  }
}
