/**
 * The package's surface as an engineer imports it (docs/contract.md#public-surface): each subpath's file in
 * src/public, read here as the built package exports it. Every error class it exports shares one base with a `code`,
 * so a caller tells the library's refusals from anything else with one instanceof.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as root from '../src/public/index.ts';
import * as turn from '../src/public/turn.ts';
import * as control from '../src/public/control.ts';
import * as mcp from '../src/public/mcp.ts';

const entries = { root, turn, control, mcp } as const;

const errorClasses = Object.entries(entries).flatMap(([at, names]) =>
  Object.entries(names)
    .filter(([, v]) => typeof v === 'function' && (v as { prototype?: unknown }).prototype instanceof Error)
    .map(([name, v]) => ({ at, name, cls: v as abstract new (...args: never[]) => Error })),
);

describe('the errors the package exports', () => {
  it('are found in every subpath that throws', () => {
    expect(new Set(errorClasses.map((e) => e.at))).toEqual(new Set(['root', 'turn', 'control', 'mcp']));
    expect(errorClasses.length).toBeGreaterThanOrEqual(12);
  });

  it.each(errorClasses.filter((e) => e.cls !== root.ToolResultContractError))(
    '$at $name extends ToolResultContractError',
    ({ cls }) => {
      expect(cls.prototype).toBeInstanceOf(root.ToolResultContractError);
    },
  );

  it('carry a code that says which refusal it is, without reading the message', () => {
    const thrown: unknown[] = [];
    const attempt = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        thrown.push(e);
      }
    };
    attempt(() => root.canonicalize({ amount: Number.NaN }));
    attempt(() => root.defineTool({} as never));
    attempt(() => turn.assembleTurn('anthropic', 'data: nope\n\n'));
    attempt(() => control.createControlPlane({} as never));
    thrown.push(new control.ApprovalRefusedError('expired'));
    expect(thrown.map((e) => (e instanceof root.ToolResultContractError ? e.code : String(e)))).toEqual([
      'NON_FINITE_NUMBER',
      'TOOL_SPEC_INVALID',
      'STREAM_TEXT_REFUSED',
      'CONTROL_PLANE_CONFIG_INVALID',
      'APPROVAL_REFUSED',
    ]);
  });
});

describe('the library speaks one language', () => {
  it("no Chinese in the library's source but its zh locale (the playground keeps its own)", () => {
    const root = join(import.meta.dirname, '..', 'src');
    const files = ['core', 'control', 'mcpServer', 'frameworks', 'public'].flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !/locales[\\/]zh/.test(f))
        .map((f) => join(folder, f)),
    );
    expect(files.length).toBeGreaterThan(100);
    const chinese = files.filter((f) => /[\u4e00-\u9fff]/.test(readFileSync(join(root, f), 'utf8')));
    expect(chinese).toEqual([]);
  });
});
