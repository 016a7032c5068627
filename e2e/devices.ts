/**
 * The three windows below the desktop that every mode is held to, from Playwright's device descriptors: a
 * phone (390×844, the iPhone 13's screen), a tablet held upright (768×1024)
 * and on its side (1024×768). Touch, a mobile viewport and a coarse pointer
 * come with them. The browser is still Chromium (the descriptors name WebKit,
 * which is not installed here), so their Safari user agent is left out here:
 * these tests are about layout and touch. The page with that user agent (where
 * Monaco's own clipboard service would log an error on every tap, replaced by
 * src/ui/features/editor/clipboard.ts) is tested in e2e/phone.spec.ts. One
 * device pixel per CSS pixel keeps the screenshots small.
 */
import { devices } from '@playwright/test';

const take = (name: string, viewport: { width: number; height: number }) => {
  const { defaultBrowserType: _webkit, userAgent: _safari, ...d } = devices[name] as (typeof devices)[string];
  return { ...d, viewport, deviceScaleFactor: 1 };
};

export const NARROW_DEVICES = [
  { name: 'phone 390×844', narrow: true, use: take('iPhone 13', { width: 390, height: 844 }) },
  { name: 'tablet 768×1024', narrow: true, use: take('iPad Mini', { width: 768, height: 1024 }) },
  { name: 'tablet 1024×768', narrow: false, use: take('iPad Mini landscape', { width: 1024, height: 768 }) },
] as const;
