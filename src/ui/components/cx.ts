/** Class names joined with spaces, the false, null and undefined ones left out: how a component adds a class on a condition. */
export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');
