/** The three digests of SPEC 2, in the order the contract gives them. */
export const DIGEST_NAMES = ['request_sha256', 'result_sha256', 'call_binding_sha256'] as const;
export type DigestName = (typeof DIGEST_NAMES)[number];
