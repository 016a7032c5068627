/** Turns zod issues into violations located by RFC 6901 pointers, one per offending member. */
import type { z } from 'zod';
import { escapePointerSegment } from './jsonPointer.ts';
import type { ViolationCode, ViolationList } from './violation.ts';

export function issuePointer(base: string, path: readonly PropertyKey[]): string {
  return base + path.map((p) => `/${escapePointerSegment(String(p))}`).join('');
}

/**
 * `classify` may re-code an issue by its pointer (an `observed_at` problem is
 * TIME_FORMAT, not a schema error) or drop it by returning null (a key the
 * deny-list already reported as SENSITIVE_FIELD).
 */
export function addZodIssues(
  out: ViolationList,
  error: z.ZodError,
  base: string,
  fallback: ViolationCode,
  classify: (pointer: string) => ViolationCode | null = () => fallback,
): void {
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const pointer = issuePointer(base, [...issue.path, key]);
        const code = classify(pointer);
        if (code !== null) out.add(code, pointer, `unexpected member "${key}": the contract lists every allowed member`);
      }
      continue;
    }
    const pointer = issuePointer(base, issue.path);
    const code = classify(pointer);
    if (code !== null) out.add(code, pointer, issue.message);
  }
}
