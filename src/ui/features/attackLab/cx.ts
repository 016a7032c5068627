/** The attack lab's two small helpers for drawing: class names joined, values as pretty JSON. */
export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');

export const pretty = (v: unknown): string => JSON.stringify(v, null, 2) ?? String(v);
