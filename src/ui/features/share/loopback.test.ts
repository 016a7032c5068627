import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from './loopback.ts';

describe('isLoopbackUrl', () => {
  it('names this computer for localhost, 127.0.0.0/8 and ::1', () => {
    for (const url of [
      'http://localhost:5173/#s=1',
      'http://LOCALHOST/',
      'http://app.localhost/',
      'http://127.0.0.1:4173/?mode=attack#x',
      'http://127.1.2.3/',
      'http://[::1]:5173/',
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
  });
  it('not for an address others can reach, nor for text that is no URL', () => {
    for (const url of [
      'http://192.168.1.20:5173/',
      'https://example.org/',
      'http://127.0.0.1.example.org/',
      'not a url',
      '',
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });
});
