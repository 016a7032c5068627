/**
 * Proves that a change to the page's CSS changes nothing a learner sees: it records every element's computed
 * style and box in many states of the built page, then compares two recordings.
 *
 *   node scripts/style-snapshot.mjs snap <page URL> <out.json> [address filter]
 *   node scripts/style-snapshot.mjs diff <before.json> <after.json>
 *
 * Serve two builds (before and after, `npx vite build --outDir D` then `npx vite preview --outDir D --port P`),
 * snap each, diff. Each place is visited at 1366×768, 800×1000 and 390×844; in English light, Chinese dark,
 * presenting (wide only) and by touch (the phone only); then after clicking each tab not shown. Class names are
 * not compared (a CSS module's hash changes with its file), nor the head's stylesheets: styles and boxes are. Monaco's own subtree is left
 * out (it lays itself out). A maintainer's tool, not a test: it takes minutes, and waits for time to let the page
 * settle, which a test must not do. The split of the styles into CSS modules (2026-12-01, up to 71f5580) was checked with it: identical.
 */
import { chromium } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const PLACES = [
  '/?scenario=search_kb.hits',
  '/?scenario=lookup_order.ok&attack=A1',
  '/?scenario=search_kb.injection&attack=A14',
  '/?mode=attack',
  '/?mode=learn&mistake=3',
  '/?mode=learn',
  '/?mode=exercise',
  '/?mode=turn&provider=openai&stream=openai.parallel_calls',
  '/?mode=turn&provider=anthropic&stream=anthropic.parallel_calls',
  '/?mode=turn&provider=gemini&stream=gemini.one_call',
];
const SIZES = [
  { w: 1366, h: 768 },
  { w: 390, h: 844 },
  { w: 800, h: 1000 },
];
const VARIANTS = [
  { lang: 'en', theme: 'light' },
  { lang: 'zh', theme: 'dark' },
  { lang: 'en', theme: 'dark', present: true },
  { lang: 'zh', theme: 'light', touch: true },
];
const MAX_TABS = 10;

/** Every element's computed style (custom properties aside, pseudo-elements with content) and box, in page order. */
function dumpPage() {
  const rows = [];
  const walk = (el, path) => {
    const cs = getComputedStyle(el);
    const parts = [];
    for (let i = 0; i < cs.length; i++)
      if (!cs[i].startsWith('--')) parts.push(`${cs[i]}:${cs.getPropertyValue(cs[i])}`);
    for (const pseudo of ['::before', '::after', '::marker']) {
      const ps = getComputedStyle(el, pseudo);
      if (ps.content && ps.content !== 'none' && ps.content !== 'normal') {
        const props = ['content', 'color', 'background-color', 'font-size', 'width', 'height', 'inset'];
        parts.push(`${pseudo}{${props.map((p) => ps.getPropertyValue(p)).join('|')}}`);
      }
    }
    const r = el.getBoundingClientRect();
    rows.push([path, parts.join(';'), [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10).join(',')]);
    if (el.classList.contains('monaco-editor') || el.tagName === 'svg' || el.tagName === 'CANVAS') return;
    [...el.children].forEach((c, i) => walk(c, `${path}>${c.tagName.toLowerCase()}${c.id ? `#${c.id}` : ''}:${i}`));
  };
  walk(document.documentElement, 'html');
  return rows;
}

async function snap(base, out, only) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const styles = {};
  const states = {};
  const record = async (page, key) => {
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : null));
    states[key] = (await page.evaluate(dumpPage)).map(([path, style, box]) => {
      const h = createHash('sha1').update(style).digest('hex').slice(0, 12);
      styles[h] = style;
      return [path, h, box];
    });
    process.stdout.write('.');
  };
  const settle = async (page) => {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(600);
  };
  for (const place of PLACES.filter((p) => only === undefined || p.includes(only)))
    for (const s of SIZES)
      for (const v of VARIANTS) {
        if ((v.present && s.w < 1024) || (v.touch && s.w !== 390)) continue;
        const ctx = await browser.newContext({
          viewport: { width: s.w, height: s.h },
          colorScheme: 'light',
          reducedMotion: 'reduce',
          ...(v.touch ? { hasTouch: true, isMobile: true } : {}),
        });
        await ctx.addInitScript(
          (p) =>
            localStorage.setItem('tool-result-playground/prefs/v1', JSON.stringify({ lang: p.lang, theme: p.theme })),
          v,
        );
        const page = await ctx.newPage();
        await page.goto(base + place + (v.present ? '&present=1' : ''));
        await settle(page);
        await page.waitForSelector('.monaco-editor', { timeout: 15_000 }).catch(() => undefined);
        await settle(page);
        const key = `${place} ${s.w}x${s.h} ${v.lang} ${v.theme}${v.present ? ' present' : ''}${v.touch ? ' touch' : ''}`;
        await record(page, key);
        const tabs = await page.locator('[role=tab][aria-selected=false]').all();
        let n = 0;
        for (const tab of tabs.slice(0, MAX_TABS)) {
          const label = ((await tab.textContent()) ?? '').trim().slice(0, 30);
          const clicked = await (v.touch ? tab.tap({ timeout: 2000 }) : tab.click({ timeout: 2000 })).then(
            () => true,
            () => false,
          );
          if (!clicked) continue;
          await settle(page);
          await record(page, `${key} tab:${n++}:${label}`);
        }
        await ctx.close();
      }
  await browser.close();
  writeFileSync(out, JSON.stringify({ styles, states }));
  console.log(`\n${Object.keys(states).length} states, ${Object.keys(styles).length} distinct styles → ${out}`);
}

function diff(beforeFile, afterFile) {
  const [a, b] = [beforeFile, afterFile].map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const props = (s) => new Map(s.split(';').map((x) => [x.slice(0, x.indexOf(':')), x.slice(x.indexOf(':') + 1)]));
  let count = 0;
  const say = (line) => {
    if (count++ < 40) console.log(line);
  };
  for (const [key, rows] of Object.entries(a.states)) {
    const other = b.states[key];
    if (other === undefined) {
      say(`[${key}] not in ${afterFile}`);
      continue;
    }
    // The head's <link> and <style> elements change with the CSS chunks; nothing in them is drawn.
    const drawn = (r) => !/^html>head:\d+>/.test(r[0]);
    const byPath = new Map(other.filter(drawn).map((r) => [r[0], r]));
    for (const [path, h, box] of rows.filter(drawn)) {
      const o = byPath.get(path);
      byPath.delete(path);
      if (o === undefined) say(`[${key}] only before: ${path}`);
      else if (o[1] !== h || o[2] !== box) {
        const [pa, pb] = [props(a.styles[h]), props(b.styles[o[1]])];
        const changed = [...new Set([...pa.keys(), ...pb.keys()])].filter((p) => pa.get(p) !== pb.get(p));
        say(
          `[${key}] ${path}\n   box ${box} → ${o[2]}\n   ${changed.map((p) => `${p}: ${pa.get(p)} → ${pb.get(p)}`).join('\n   ')}`,
        );
      }
    }
    for (const path of byPath.keys()) say(`[${key}] only after: ${path}`);
  }
  console.log(count === 0 ? 'IDENTICAL' : `${count} differences`);
  process.exitCode = count === 0 ? 0 : 1;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'snap' && args.length >= 2) await snap(args[0], args[1], args[2]);
else if (command === 'diff' && args.length === 2) diff(args[0], args[1]);
else {
  console.error(
    'usage: style-snapshot.mjs snap <page URL> <out.json> [address filter] | diff <before.json> <after.json>',
  );
  process.exitCode = 2;
}
