/**
 * Violations are data, never exceptions (the zod v4 model): a code from a fixed
 * list, the JSON Pointer of the place, and a technical detail in English. The
 * UI renders the learner-facing explanation from the code, in either language.
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
] as const;

export type ViolationCode = (typeof VIOLATION_CODES)[number];

export interface Violation {
  code: ViolationCode;
  /** RFC 6901 pointer: into the handler output during projection, into the package during validation. */
  path: string;
  detail: string;
}

/** Collects violations once per (code, path), so one fault seen by two checks is reported once. */
export class ViolationList {
  readonly items: Violation[] = [];
  private readonly seen = new Set<string>();

  add(code: ViolationCode, path: string, detail: string): void {
    const id = `${code} ${path}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.items.push({ code, path, detail });
  }

  get length(): number {
    return this.items.length;
  }
}
