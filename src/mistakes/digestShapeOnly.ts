/** Mistake 3: a digest is checked by its shape only. */
import { sha256Hex } from '#lib/core/json/index.ts';
import { project } from '#lib/core/result/index.ts';
import { type Package } from '#lib/core/result/index.ts';
import { type Scenario } from '#lib/core/result/index.ts';
import { validateResult } from '#lib/core/result/index.ts';
import type { Mistake } from './mistake.ts';
import { chapterTools } from '../chapter/index.ts';

const HEX64 = /^[0-9a-f]{64}$/;

/** The mistaken check: "looks like a SHA-256" is taken for "is the right SHA-256". */
export function shapeOnlyValidate(pkg: Package): { ok: boolean } {
  const b = pkg.protected_audit.binding;
  return { ok: HEX64.test(b.request_sha256) && HEX64.test(b.result_sha256) && HEX64.test(b.call_binding_sha256) };
}

export const digestShapeOnly: Mistake<3> = {
  id: 3,
  scenario: 'get_order.paid',
  run(s: Scenario) {
    const forged = structuredClone(project(s.handler_output, s.context, chapterTools));
    forged.model_result.data = forged.model_result.data === null ? null : { ...forged.model_result.data, forged: true };
    forged.protected_audit.binding.result_sha256 = sha256Hex('anything at all');
    const real = validateResult(forged, s.context, chapterTools);
    const mistaken = shapeOnlyValidate(forged);
    return {
      id: 3,
      correct: { value: real },
      mistaken: { value: mistaken },
      facts: null,
      evidence: real.violations.map((v) => v.code),
      shows: mistaken.ok && !real.ok,
    };
  },
};
