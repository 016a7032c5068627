/**
 * Presentation (the classroom; docs/decisions.md#the-first-visit-the-classroom-and-the-phone):
 * `&present=1` in the address makes
 * the page readable from the back of a room. It is a way of showing the page,
 * not part of the work: it is never saved, and shared only when the teacher asks (the share
 * dialog's switch, {@link linkPresenting}); otherwise it is only kept in the
 * address while the learner moves around. Pure: ./browser.ts writes it.
 *
 * @example
 * withPresent('?scenario=get_order.paid', true) // '?scenario=get_order.paid&present=1'
 * isPresenting('?mode=exercise&present=1')      // true
 */
export const PRESENT_PARAM = 'present';

export function isPresenting(search: string): boolean {
  return new URLSearchParams(search).get(PRESENT_PARAM) === '1';
}

/**
 * A whole link with the presentation switch set or removed: a share link leaves it off, unless the
 * teacher asks for the students' screens to open presenting too.
 * @example linkPresenting('http://h/?mode=attack#s=1', true) // 'http://h/?mode=attack&present=1#s=1'
 */
export function linkPresenting(link: string, on: boolean): string {
  const u = new URL(link);
  u.search = withPresent(u.search, on);
  return u.href;
}

/** The query string with the presentation switch set or removed, everything else as it was. */
export function withPresent(search: string, on: boolean): string {
  const q = new URLSearchParams(search);
  q.delete(PRESENT_PARAM);
  if (on) q.set(PRESENT_PARAM, '1');
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}
