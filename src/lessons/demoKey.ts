/**
 * The one demo audit key (hex, 32 bytes) of the lessons and the playground:
 * attack A11's keyed run, and the key the context form proposes when the
 * learner switches to keyed mode with none typed. Never a real secret.
 */
export const DEMO_AUDIT_KEY = Object.freeze({
  id: 'audit-key-demo',
  secret: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
} as const);
