/**
 * A package the dispatcher itself bound (project, rebindPackage) is
 * deep-frozen and remembered here. It cannot change afterwards, so a verdict
 * about it in one parsed context is a fact about those two objects: the
 * playground's own check and the adapter's check of the same package are one
 * computation, not two — and neither is handed the other's report.
 */
import { deepFreeze } from './_memo.ts';
import type { Package } from './protectedAudit.ts';

const sealed = new WeakSet<object>();

export function sealPackage(pkg: Package): Package {
  sealed.add(deepFreeze(pkg));
  return pkg;
}

export function isSealedPackage(value: unknown): value is Package {
  return value !== null && typeof value === 'object' && sealed.has(value);
}
