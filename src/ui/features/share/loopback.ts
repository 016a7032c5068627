/**
 * Whether a link names this computer only (localhost, 127.0.0.0/8, ::1): a phone that scans its QR code
 * opens its own loopback, not the teacher's playground, so the dialog says so and how to serve it instead.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}
