/** Mistake 3: a digest is checked by its shape only. */
import { sha256Hex } from '../core/json/index.ts';
import { project } from '../core/result/index.ts';
import { type Package } from '../core/result/index.ts';
import { type Scenario } from '../core/result/index.ts';
import { validateResult } from '../core/result/index.ts';
import type { Mistake } from './mistake.ts';

const HEX64 = /^[0-9a-f]{64}$/;

/** The mistaken check: "looks like a SHA-256" is taken for "is the right SHA-256". */
export function shapeOnlyValidate(pkg: Package): { ok: boolean } {
  const b = pkg.protected_audit.binding;
  return { ok: HEX64.test(b.request_sha256) && HEX64.test(b.result_sha256) && HEX64.test(b.call_binding_sha256) };
}

export const digestShapeOnly: Mistake = {
  id: 3,
  scenario: 'get_order.paid',
  title: { en: 'Digest checked by its shape only: a forged digest passes', zh: '只看摘要长度，不重算摘要：伪造的摘要能通过' },
  run(s: Scenario) {
    const forged = structuredClone(project(s.handler_output, s.context));
    forged.model_result.data = forged.model_result.data === null ? null : { ...forged.model_result.data, forged: true };
    forged.protected_audit.binding.result_sha256 = sha256Hex('anything at all');
    const real = validateResult(forged, s.context);
    const mistaken = shapeOnlyValidate(forged);
    return {
      correct: { label: { en: 'validateResult (recomputes every digest)', zh: 'validateResult（重算每个摘要）' }, value: real },
      mistaken: { label: { en: 'shape-only check', zh: '只检查格式' }, value: mistaken },
      consequence: {
        en: 'A changed model_result with a random, well-formed result_sha256 is accepted: 64 hex digits prove nothing.',
        zh: '被改动的 model_result 配一个随机但格式正确的 result_sha256 被接受了：64 位十六进制什么也证明不了。',
      },
      evidence: real.violations.map((v) => v.code),
      shows: mistaken.ok && !real.ok,
    };
  },
};
