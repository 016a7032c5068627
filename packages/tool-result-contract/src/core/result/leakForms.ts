/**
 * The forms of an audit value the AUDIT_LEAK rule searches for
 * (docs/contract.md#encoded-copies), and the two readings of a string they
 * are searched in. A literal search missed every encoded copy a review tried
 * (upper case, full-width, zero-width characters, percent-encoding, base64,
 * hex); these are the encodings a handler's own libraries produce without
 * anyone meaning to leak, so each is undone or re-encoded here. What no
 * rule on the output can catch (a value split across members, any private
 * encoding) is listed in SECURITY.md.
 */
import { latinSkeleton } from '../tables/confusables.ts';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const UTF8 = new TextEncoder();

function percentDecoded(s: string): string {
  // Repeated until nothing changes (each pass shortens the string): `%2541` is `%41` is `A`.
  let prev = s;
  for (;;) {
    // An id is ASCII: only escapes of printable ASCII are decoded, a `%` that is not one stays. A literal
    // here, not a module-level /g regex: a global regex carries lastIndex from one call to the next.
    const next = prev.replace(/%(2[0-9a-f]|[3-6][0-9a-f]|7[0-9a-e])/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (next === prev) return next;
    prev = next;
  }
}

/**
 * The case-sensitive reading: NFKC (full-width and other compatibility forms),
 * without default-ignorable code points (zero-width spaces and joiners, soft
 * hyphens, variation selectors), percent-escapes decoded. Base64 is searched here.
 */
export function unwrapped(s: string): string {
  // Most strings a result holds are printable ASCII without a `%`: they are their own reading.
  if (PRINTABLE_ASCII.test(s)) return s.includes('%') ? percentDecoded(s) : s;
  const t = s.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  return t.includes('%') ? percentDecoded(t) : t;
}

/**
 * The case-insensitive reading: {@link unwrapped}, accents off, look-alike
 * letters of other scripts read as Latin, lower case. An audit value's own
 * folded form and its hex are searched here.
 */
export function folded(s: string): string {
  return foldUnwrapped(unwrapped(s));
}

/** {@link folded} of a string that is {@link unwrapped} already (a finder reads a string both ways). */
export function foldUnwrapped(u: string): string {
  if (PRINTABLE_ASCII.test(u)) return u.toLowerCase();
  return latinSkeleton(latinSkeleton(u.normalize('NFD').replace(/\p{M}/gu, '')).toLowerCase());
}

const utf8 = (s: string): Uint8Array => UTF8.encode(s);

function base64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/**
 * The base64 characters that encode `value` wherever it sits in a longer
 * base64 text: for each of the three byte offsets modulo 3, the characters
 * whose six bits all come from the value (the first and last characters
 * also carry bits of the neighbouring bytes, which are unknown). Each in the
 * standard and the URL-safe alphabet. Padding is not part of a form, so an
 * encoding with or without `=` is found alike.
 */
export function base64Forms(value: string): string[] {
  const bytes = utf8(value);
  const forms = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    const enc = base64(shifted);
    const first = [0, 2, 3][offset] as number;
    const last = Math.floor((shifted.length * 8) / 6);
    const core = enc.slice(first, last);
    forms.add(core);
    forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms];
}

/** The value's UTF-8 bytes as lower-case hex (searched in the lower-cased reading, so upper-case hex too). */
export function hexForm(value: string): string {
  let hex = '';
  for (const b of utf8(value)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** One form of one audit value, and the reading of a string it is searched in. */
export interface LeakForm {
  form: string;
  value: string;
  reading: 'literal' | 'unwrapped' | 'folded';
}

/**
 * Every form of an audit value: the value itself in the string as written
 * (so nothing the literal rule found is missed: a normalization does not
 * keep every substring), its folded form when that is still 8 characters or
 * more, its hex, and its base64.
 */
export function leakForms(value: string): LeakForm[] {
  const forms: LeakForm[] = [{ form: value, value, reading: 'literal' }];
  const f = folded(value);
  if (f.length >= 8) forms.push({ form: f, value, reading: 'folded' });
  forms.push({ form: hexForm(value), value, reading: 'folded' });
  for (const b of base64Forms(value)) forms.push({ form: b, value, reading: 'unwrapped' });
  return forms;
}
