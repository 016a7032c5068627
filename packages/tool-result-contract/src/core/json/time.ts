/**
 * `observed_at` is UTC RFC 3339 with `Z` (docs/contract.md#model-result). Offsets other than Z are
 * refused so that two timestamps compare as strings, and the calendar is
 * checked (no 2026-02-30) because a regex alone accepts impossible dates.
 * Leap seconds (`:60`) are refused: no mock source here produces them, and a
 * value JavaScript's Date cannot represent would differ between readers.
 */
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The digits at fixed offsets once the pattern matched: checked on every keystroke, so no match arrays. */
const digits = (s: string, from: number, n: number): number => {
  let v = 0;
  for (let i = from; i < from + n; i++) v = v * 10 + (s.charCodeAt(i) - 48);
  return v;
};

export function isRfc3339Utc(value: unknown): value is string {
  if (typeof value !== 'string' || !RFC3339_UTC.test(value)) return false;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 2);
  const day = digits(value, 8, 2);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    digits(value, 11, 2) > 23 ||
    digits(value, 14, 2) > 59 ||
    digits(value, 17, 2) > 59
  )
    return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number));
}
