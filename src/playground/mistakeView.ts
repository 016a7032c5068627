/**
 * Running a mistaken dispatcher next to the real one, contained: a mistake's
 * run on a scenario the learner edited may throw (its broken code was never
 * meant to be robust), and that must show as a message, not crash the view.
 */
import { project } from '#lib/core/result/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import { validateResult } from '#lib/core/result/index.ts';
import type { Mistake, MistakeRun } from '../mistakes/index.ts';
import { chapterTools } from '../chapter/index.ts';

export type SafeRun = { ok: true; run: MistakeRun } | { ok: false; message: string };

export function safeRun(m: Mistake, s: Scenario): SafeRun {
  try {
    return { ok: true, run: m.run(s) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** What the correct dispatcher says about a scenario: the finite status, the catalog error, and whether its package validates. */
export interface CorrectVerdict {
  status: string;
  errorCode: string | null;
  delivery: string;
  outcome: string;
  valid: boolean;
  violations: string[];
}

export function correctVerdict(s: Scenario): CorrectVerdict {
  const pkg = project(s.handler_output, s.context, chapterTools);
  const v = validateResult(pkg, s.context, chapterTools);
  const mr = pkg.model_result;
  return {
    status: mr.status,
    errorCode: mr.error?.code ?? null,
    delivery: mr.execution.delivery,
    outcome: mr.execution.outcome,
    valid: v.ok,
    violations: [...pkg.protected_audit.violations.map((x) => x.code), ...v.violations.map((x) => x.code)],
  };
}

/** The pretty JSON of a value (text only: the view renders it as a text node, never as HTML). */
export const pretty = (v: unknown): string => {
  try {
    return JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    return String(v);
  }
};
