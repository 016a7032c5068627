/** The preferences' codec: language, theme and panel sizes, each falling back on its own. Pure. */
import { z } from 'zod/mini';
import { LANGS, type Lang } from '../../lang.ts';
import { strictJson } from './decoded.ts';
import { checkSchema } from '#lib/core/tables/index.ts';

export type ThemePref = 'light' | 'dark' | 'system';

export interface Layout {
  /** Width of the left column, percent of the workspace. */
  left: number;
  /** The same in the attack lab, which needs a wider right column. */
  attackLeft: number;
  /** Height of the editor within the left column, percent. */
  editor: number;
  /** Height of the upper right row, percent. */
  top: number;
  /** Height of the exercise panel above the projections, percent. */
  exerciseTop: number;
  /** Width of the stream column in the turn mode, percent. */
  turnLeft: number;
}

export interface Prefs {
  lang: Lang | null;
  theme: ThemePref;
  layout: Layout;
}

const DEFAULT_LAYOUT: Layout = { left: 42, attackLeft: 34, editor: 64, top: 52, exerciseTop: 68, turnLeft: 36 };

const PrefsSchema = z.object({
  lang: z.catch(z.nullable(z.enum(LANGS)), null),
  theme: z.catch(z.enum(['light', 'dark', 'system']), 'system'),
  layout: z.catch(
    z.object({
      left: z.catch(z.number().check(z.gte(20), z.lte(80)), DEFAULT_LAYOUT.left),
      attackLeft: z.catch(z.number().check(z.gte(20), z.lte(80)), DEFAULT_LAYOUT.attackLeft),
      editor: z.catch(z.number().check(z.gte(20), z.lte(85)), DEFAULT_LAYOUT.editor),
      top: z.catch(z.number().check(z.gte(20), z.lte(85)), DEFAULT_LAYOUT.top),
      exerciseTop: z.catch(z.number().check(z.gte(20), z.lte(85)), DEFAULT_LAYOUT.exerciseTop),
      turnLeft: z.catch(z.number().check(z.gte(20), z.lte(80)), DEFAULT_LAYOUT.turnLeft),
    }),
    DEFAULT_LAYOUT,
  ),
});

export function serializePrefs(p: Prefs): string {
  return JSON.stringify(p);
}

export function parsePrefs(text: string | null): Prefs {
  const fallback: Prefs = { lang: null, theme: 'system', layout: DEFAULT_LAYOUT };
  if (text === null) return fallback;
  const r = strictJson(text);
  if (!r.ok) return fallback;
  const p = checkSchema(PrefsSchema, r.value);
  return p.success ? (p.data as Prefs) : fallback;
}
