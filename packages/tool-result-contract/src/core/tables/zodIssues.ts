/** Turns zod issues into violations located by RFC 6901 pointers, one per offending member. */
import { z } from 'zod/mini';
import { issuePointer } from '../json/jsonPointer.ts';
import type { ViolationCode, ViolationList } from './violation.ts';
import type { Constraint, SchemaIssue } from '../messages/violationParams.ts';

/**
 * zod/mini loads no locale (its issues would all say "Invalid input"); the
 * core's checks ask for zod's English messages per parse instead of setting
 * zod's global configuration, which belongs to the application.
 */
const ENGLISH = z.locales.en().localeError;

/** `z.safeParse` with zod's English messages; accepts any zod schema, classic or mini (an engineer's own tool specs). */
export function checkSchema<T extends z.core.$ZodType>(
  schema: T,
  value: unknown,
): z.core.util.SafeParseResult<z.output<T>> {
  return z.safeParse(schema, value, { error: ENGLISH });
}

/**
 * `classify` may re-code an issue by its pointer (an `observed_at` problem is
 * TIME_FORMAT, not a schema error) or drop it by returning null (a key the
 * deny-list already reported as SENSITIVE_FIELD).
 */
/** The data of a zod issue a locale needs, without the input (which may be anything the handler sent). */
export function schemaIssue(issue: z.core.$ZodIssue): SchemaIssue {
  const i = issue as unknown as Record<string, unknown>;
  const out: SchemaIssue = { code: issue.code, message: issue.message };
  if (typeof i.expected === 'string') out.expected = i.expected;
  if (typeof i.minimum === 'number' || typeof i.minimum === 'string') out.minimum = i.minimum;
  if (typeof i.maximum === 'number' || typeof i.maximum === 'string') out.maximum = i.maximum;
  if (typeof i.minimum === 'bigint') out.minimum = String(i.minimum);
  if (typeof i.maximum === 'bigint') out.maximum = String(i.maximum);
  if (typeof i.inclusive === 'boolean') out.inclusive = i.inclusive;
  if (typeof i.origin === 'string') out.origin = i.origin;
  if (typeof i.format === 'string') out.format = i.format;
  if (Array.isArray(i.values))
    out.values = i.values.filter(
      (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
    ) as SchemaIssue['values'];
  if (typeof i.pattern === 'string') out.pattern = i.pattern;
  const params = i.params as { constraint?: unknown } | undefined;
  if (typeof params?.constraint === 'string') out.constraint = params as Constraint;
  return out;
}

export function addZodIssues(
  out: ViolationList,
  error: z.core.$ZodError,
  base: string,
  fallback: ViolationCode,
  classify: (pointer: string) => ViolationCode | null = () => fallback,
): void {
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const pointer = issuePointer(base, [...issue.path, key]);
        const code = classify(pointer);
        if (code !== null) out.add(code, pointer, { kind: 'unexpected_member', member: key });
      }
      continue;
    }
    const pointer = issuePointer(base, issue.path);
    const code = classify(pointer);
    if (code !== null) out.add(code, pointer, { kind: 'schema', issue: schemaIssue(issue) });
  }
}
