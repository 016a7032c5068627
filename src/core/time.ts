/**
 * SPEC 1.1: `observed_at` is UTC RFC 3339 with `Z`. Offsets other than Z are
 * refused so that two timestamps compare as strings, and the calendar is
 * checked (no 2026-02-30) because a regex alone accepts impossible dates.
 * Leap seconds (`:60`) are refused: no mock source here produces them, and a
 * value JavaScript's Date cannot represent would differ between readers.
 */
const RFC3339_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?Z$/;

export function isRfc3339Utc(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = RFC3339_UTC.exec(value);
  if (m === null) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= daysInMonth;
}
