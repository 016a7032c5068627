/** How the lab writes the plane's times and digests: the clock as UTC time of day, durations in seconds, digests cut short. */
export const clockTime = (ms: number): string => new Date(ms).toISOString().slice(11, 19);

export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 120) return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
  const m = s / 60;
  return `${Number.isInteger(m) ? m : m.toFixed(1)} min`;
}

export const short = (digest: string): string => (digest.length > 14 ? `${digest.slice(0, 12)}…` : digest);

/** An RFC 3339 time of the plane's attempts, as the clock's time of day. */
export const attemptTime = (iso: string): string => clockTime(Date.parse(iso));
