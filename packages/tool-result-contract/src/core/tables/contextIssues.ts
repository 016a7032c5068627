/**
 * The issues of a caller-supplied document (a trusted context, a turn context,
 * a scenario) that zod refused: one per offending member, located by RFC 6901
 * pointer. An object with several unrecognized keys gives one issue per key.
 */
import type { z } from 'zod/mini';
import { issuePointer } from '../json/jsonPointer.ts';
import type { ViolationParams } from '../messages/violationParams.ts';
import { schemaIssue } from './zodIssues.ts';

export interface ContextIssue {
  path: string;
  /** English, the English locale's words for `params`. */
  message: string;
  /** What is wrong, as typed data a locale words (a member the document does not have, or zod's issue). */
  params: ViolationParams;
}

/** @example contextIssues(checkSchema(TurnContextSchema, { now: 1, x: 1, y: 2 }).error) // [..., { path: '/x', ... }, { path: '/y', ... }] */
export function contextIssues(error: z.core.$ZodError): ContextIssue[] {
  return error.issues.flatMap((i): ContextIssue[] =>
    i.code === 'unrecognized_keys'
      ? i.keys.map((key) => ({
          path: issuePointer('', [...i.path, key]),
          message: `Unrecognized key: ${JSON.stringify(key)}`,
          params: { kind: 'unexpected_member', member: key },
        }))
      : [{ path: issuePointer('', i.path), message: i.message, params: { kind: 'schema', issue: schemaIssue(i) } }],
  );
}
