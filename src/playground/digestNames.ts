/**
 * The three bindings' names, in the order the contract gives them (SPEC 4):
 * the one list outside the core that the UI iterates over. Typed against the
 * core's Bindings, so a renamed or added binding is a type error here.
 */
import type { Bindings } from '../core/protectedAudit.ts';

export type DigestName = keyof Bindings;

export const DIGEST_NAMES = ['request_sha256', 'result_sha256', 'call_binding_sha256'] as const satisfies readonly DigestName[];
type Unlisted = Exclude<DigestName, (typeof DIGEST_NAMES)[number]>;
const everyDigestListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyDigestListed;
