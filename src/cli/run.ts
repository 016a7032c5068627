/**
 * The CLI over the core (SPEC 7): reads JSON files strictly, prints only JSON
 * on stdout, one line of diagnosis on stderr. Exit 0 ok, 1 rejected, 2 bad
 * input. `run` takes its IO as arguments so the tests drive it in-process.
 */
import {
  AdapterRefused,
  TrustedContextError,
  decodeUtf8Strict,
  findScenario,
  parseScenario,
  parseStrictJson,
  parseTrustedContext,
  project,
  scenarios,
  toProviderItem,
  validateResult,
  type Package,
  type TrustedContext,
} from '../core/index.ts';

export interface CliIO {
  readFile(path: string): Uint8Array;
  stdout(text: string): void;
  stderr(text: string): void;
}

class BadInput extends Error {}

const USAGE = `usage:
  cli project  (--handler H.json --context C.json | --scenario ID|FILE.json)
  cli validate (--package P.json --context C.json | --scenario ID|FILE.json)
  cli payload  (--package P.json --context C.json | --scenario ID|FILE.json)
  cli list`;

function parseFlags(args: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith('--')) throw new BadInput(`unexpected argument ${JSON.stringify(a)}\n${USAGE}`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new BadInput(`${a} needs a value\n${USAGE}`);
    if (flags.has(a)) throw new BadInput(`${a} given twice`);
    flags.set(a, value);
    i++;
  }
  return flags;
}

function readJson(io: CliIO, path: string): unknown {
  let bytes: Uint8Array;
  try {
    bytes = io.readFile(path);
  } catch (e) {
    throw new BadInput(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (bytes.length > 1_048_576) throw new BadInput(`${path}: ${bytes.length} bytes, over the 1 MiB limit for JSON text`);
  const text = decodeUtf8Strict(bytes);
  if (!text.ok) throw new BadInput(`${path}:${text.error.line}:${text.error.column}: ${text.error.message}`);
  const parsed = parseStrictJson(text.text);
  if (!parsed.ok) throw new BadInput(`${path}:${parsed.error.line}:${parsed.error.column}: ${parsed.error.code}: ${parsed.error.message}`);
  return parsed.value;
}

function readContext(value: unknown, where: string): TrustedContext {
  const r = parseTrustedContext(value);
  if (!r.ok) throw new BadInput(`${where}: not a valid trusted context: ${r.issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`);
  return r.value;
}

function loadScenario(io: CliIO, ref: string): { handler_output: unknown; context: TrustedContext } {
  if (ref.endsWith('.json')) {
    const r = parseScenario(readJson(io, ref));
    if (!r.ok) throw new BadInput(`${ref}: not a scenario file: ${r.issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`);
    return r.value;
  }
  const s = findScenario(ref);
  if (s === null) throw new BadInput(`unknown scenario ${JSON.stringify(ref)}; \`cli list\` prints the ids`);
  return s;
}

function inputs(io: CliIO, flags: Map<string, string>, primary: '--handler' | '--package'): { value: unknown; context: TrustedContext; projected: boolean } {
  const scenario = flags.get('--scenario');
  const allowed = new Set(['--scenario', '--context', primary]);
  for (const f of flags.keys()) if (!allowed.has(f)) throw new BadInput(`unknown option ${f}\n${USAGE}`);
  if (scenario !== undefined) {
    if (flags.size > 1) throw new BadInput(`--scenario stands alone, without --context or ${primary}`);
    const s = loadScenario(io, scenario);
    return { value: s.handler_output, context: s.context, projected: false };
  }
  const file = flags.get(primary);
  const ctxFile = flags.get('--context');
  if (file === undefined || ctxFile === undefined) throw new BadInput(`needs ${primary} and --context, or --scenario\n${USAGE}`);
  return { value: readJson(io, file), context: readContext(readJson(io, ctxFile), ctxFile), projected: true };
}

export function run(argv: string[], io: CliIO): number {
  const [command, ...rest] = argv;
  const out = (v: unknown) => io.stdout(`${JSON.stringify(v)}\n`);
  try {
    switch (command) {
      case 'list':
        out(scenarios.map((s) => ({ id: s.id, title: s.title })));
        return 0;
      case 'project': {
        const { value, context } = inputs(io, parseFlags(rest), '--handler');
        out(project(value, context));
        return 0;
      }
      case 'validate':
      case 'payload': {
        const { value, context, projected } = inputs(io, parseFlags(rest), '--package');
        // With --scenario the package is made from the scenario first (SPEC 7).
        const pkg = projected ? value : project(value, context);
        if (command === 'validate') {
          const report = validateResult(pkg, context);
          out(report);
          if (!report.ok) io.stderr(`rejected: ${[...new Set(report.violations.map((v) => v.code))].join(', ')}\n`);
          return report.ok ? 0 : 1;
        }
        try {
          out(toProviderItem(pkg as Package, context));
          return 0;
        } catch (e) {
          if (!(e instanceof AdapterRefused)) throw e;
          out({ refused: true, violations: e.violations });
          io.stderr(`${e.message}\n`);
          return 1;
        }
      }
      default:
        throw new BadInput(command === undefined ? USAGE : `unknown command ${JSON.stringify(command)}\n${USAGE}`);
    }
  } catch (e) {
    if (e instanceof BadInput || e instanceof TrustedContextError) {
      io.stderr(`error: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
