/**
 * What feeds each of the three digests, read off the preimages the core itself
 * hashes (`digestPreimages`, built from `requestFields` and `callBindingFields`),
 * never from a list written here: a member added to a preimage shows up in
 * the inputs and in the field map without a change to this file.
 *
 * - `preimageInputs`: a digest's inputs, the members of its preimage (but the
 *   `purpose`); a preimage of one object member (result_sha256's `model_result`)
 *   is opened one level, so each of the model_result's members is an input.
 * - `changedInputs`: the inputs whose value differs between two preimages.
 * - `fieldMap`: for each field of the package (model_result's members, the
 *   audit's members one level down), the digests it feeds: directly, where a
 *   leaf of the field ends with the whole path of a leaf of the preimage (the
 *   audit's `provider_context.call_id` is the call binding's `call_id`,
 *   `model_result.data.x` the result's own); or through a digest that is itself a member of another
 *   preimage (call_binding_sha256 holds request_sha256 and result_sha256).
 */
import { parseStrictJson, STRICT_JSON_LIMITS } from '#lib/core/json/index.ts';
import { DIGEST_NAMES, type DigestName, type DigestPreimages, type Package } from '#lib/core/result/index.ts';

export interface DigestInput {
  /** Dotted member path inside the preimage: `tenant`, `model_result.status`. */
  name: string;
  /** The member's value as JSON text (what is compared between two evaluations). */
  text: string;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

function parsed(preimage: string | null): Record<string, Json> | null {
  if (preimage === null) return null;
  // A preimage is canonical JSON of at most a result's size: the strict parser reads it (a limit it passes is no refusal here).
  const r = parseStrictJson(preimage, { maxBytes: 16 * STRICT_JSON_LIMITS.maxBytes });
  return r.ok && isObject(r.value) ? (r.value as Record<string, Json>) : null;
}

function members(preimage: string | null): [string, Json][] {
  const p = parsed(preimage);
  if (p === null) return [];
  const own = Object.entries(p).filter(([k]) => k !== 'purpose');
  const only = own.length === 1 ? own[0] : undefined;
  if (only !== undefined && isObject(only[1])) return Object.entries(only[1]).map(([k, v]) => [`${only[0]}.${k}`, v]);
  return own;
}

export function preimageInputs(preimage: string | null): DigestInput[] {
  return members(preimage).map(([name, v]) => ({ name, text: JSON.stringify(v) }));
}

/** Names of the inputs of `after` that are new or hold another value than in `before` (none when there is no before). */
export function changedInputs(before: string | null | undefined, after: string | null): Set<string> {
  if (before === undefined || before === null) return new Set();
  const was = new Map(preimageInputs(before).map((i) => [i.name, i.text]));
  return new Set(
    preimageInputs(after)
      .filter((i) => was.get(i.name) !== i.text)
      .map((i) => i.name),
  );
}

/** Every leaf of a value with its path (an empty object or array is a leaf). */
function leaves(v: Json, at: string[], out: [string[], string][]): [string[], string][] {
  const kids: [string, Json][] = Array.isArray(v)
    ? v.map((x, i) => [String(i), x])
    : isObject(v)
      ? Object.entries(v)
      : [];
  if (kids.length === 0) out.push([at, JSON.stringify(v)]);
  for (const [k, x] of kids) leaves(x, [...at, k], out);
  return out;
}

const endsWith = (path: string[], tail: string[]) =>
  tail.length <= path.length && tail.every((s, i) => path[path.length - tail.length + i] === s);

export interface FieldFeeds {
  /** `model_result.status`, `protected_audit.provider_context.call_id`. */
  field: string;
  /** The digests whose preimage holds this field's value. */
  direct: DigestName[];
  /** Digests fed through another digest: `{digest: 'call_binding_sha256', via: 'result_sha256'}`. */
  through: { digest: DigestName; via: DigestName }[];
}

/** The package's fields as the panel lists them: model_result's members, and the audit's one level down. */
function packageFields(pkg: Package): [string[], Json][] {
  const out: [string[], Json][] = [];
  for (const [k, v] of Object.entries(pkg.model_result as unknown as Record<string, Json>))
    out.push([['model_result', k], v]);
  for (const [k, v] of Object.entries(pkg.protected_audit as unknown as Record<string, Json>)) {
    if (isObject(v) && Object.keys(v).length > 0)
      for (const [j, x] of Object.entries(v)) out.push([['protected_audit', k, j], x]);
    else out.push([['protected_audit', k], v]);
  }
  return out;
}

/** The names of the package's fields, in the order {@link fieldMap} gives them (no preimage read: cheap per keystroke). */
export function packageFieldNames(pkg: Package): string[] {
  return packageFields(pkg).map(([path]) => path.join('.'));
}

/** Which digests each field of the package feeds, under the preimages of the same evaluation. */
export function fieldMap(pkg: Package, preimages: DigestPreimages): FieldFeeds[] {
  const preLeaves = DIGEST_NAMES.map((d) => {
    const p = parsed(preimages[d]);
    const own = p === null ? [] : leaves(p, [], []).filter(([path]) => path[0] !== 'purpose');
    return { d, own, tops: new Set(p === null ? [] : Object.keys(p)) };
  });
  // A digest that is a member of another digest's preimage feeds that one.
  const feedsInto = (d: DigestName) => preLeaves.filter((o) => o.d !== d && o.tops.has(d)).map((o) => o.d);
  return packageFields(pkg).map(([path, value]) => {
    const mine = leaves(value, path, []);
    const direct = preLeaves
      .filter(({ own }) => mine.some(([lp]) => own.some(([pp]) => pp.length > 0 && endsWith(lp, pp))))
      .map((o) => o.d);
    const through: FieldFeeds['through'] = [];
    for (const via of direct)
      for (const digest of feedsInto(via))
        if (!direct.includes(digest) && !through.some((t) => t.digest === digest)) through.push({ digest, via });
    return { field: path.join('.'), direct, through };
  });
}
