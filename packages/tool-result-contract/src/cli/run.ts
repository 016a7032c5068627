/**
 * The CLI over the core (docs/contract.md#the-cli): reads JSON files strictly, prints only JSON
 * on stdout, one line of diagnosis on stderr. Exit 0 ok, 1 rejected, 2 bad
 * input. `run` takes its IO as arguments so the tests drive it in-process.
 */
import {
  AdapterRefusedError,
  StreamTextRefusedError,
  TurnInputError,
  isTurnProvider,
  parseTurnContext,
  readTurnStream,
  runTurn,
  type StreamEvent,
  type TurnContext,
  type TurnReport,
  TrustedContextError,
  decodeUtf8Strict,
  parseScenario,
  parseStrictJson,
  parseTrustedContext,
  project,
  toProviderItem,
  validateResult,
  findTool,
  resultJsonSchema,
  RESULT_SCHEMA_PARTS,
  type ResultSchemaPart,
  type Package,
  type TrustedContext,
  type ToolRegistry,
  en,
  segmentsText,
} from '../core/index.ts';
import { AUDIT_USAGE, auditCommand } from './auditCommand.ts';
import { BadInput } from './badInput.ts';
import { MCP_GUARD_USAGE } from './mcpGuardUsage.ts';
import { loadToolRegistry } from './toolsModule.ts';
import type { CliCourse } from './cliCourse.ts';

export interface CliIO {
  readFile(path: string): Uint8Array;
  stdout(text: string): void;
  stderr(text: string): void;
}

const COMMAND_USAGE: Readonly<Record<string, string>> = {
  project: `cli project  (--handler H.json --context C.json | --scenario ID|FILE.json) [--tools T.mjs]
    Projects a handler output under a trusted context; prints {model_result, protected_audit}. Exit 0 (a contract error is still a package), 2 bad input.`,
  validate: `cli validate (--package P.json --context C.json | --scenario ID|FILE.json) [--tools T.mjs]
    Validates a package against its trusted context; prints {ok, violations}. Exit 0 ok, 1 rejected, 2 bad input.
    With --scenario the package is projected first, and the output also says what it carries:
    {scenario: {model_result_status, model_result_error, handler_output_refused, handler_output_violations}}.
    A handler output the projection refused still makes a valid package (exit 0): one that carries
    OUTPUT_CONTRACT_VIOLATION, with the reasons in its audit.`,
  payload: `cli payload  (--package P.json --context C.json | --scenario ID|FILE.json) [--tools T.mjs]
    Builds the provider item from a package. Exit 0, 1 refused, 2 bad input.`,
  turn: `cli turn     (--provider P --stream S --turn-context T.json [--handlers H.json] | --fixture ID) [--mode stateful|stateless] [--tools T.mjs]
    Assembles one streamed model turn (S: JSON array, JSON Lines or SSE text), passes each call through the
    input gate, projects each result and builds the next request's body. P is openai, anthropic or gemini;
    --mode defaults to stateless. Prints {provider, response_id, terminal, calls, problems, notes, continuation, refused}.
    Exit 0 assembled and continued (or the model's final answer: continuation and refused both null),
    1 the turn has problems or the continuation is refused, 2 bad input. T.json may give response_ref,
    the dispatcher's id for the request, bound where the provider gave the empty response id.
    Fixture ids: \`cli list --turns\`.`,
  schema: `cli schema --tool NAME [--part model_result|data] [--tools T.mjs]
    Prints the JSON Schema 2020-12 of the tool's model_result (default; data null or the tool's exact data)
    or of its data alone: an MCP tool's outputSchema. Refinements JSON Schema cannot express (URL host, UTC
    time) and the rules across fields (echo, list limits, status) are checked by validate, not by the schema.`,
  list: `cli list [--turns]
    Prints the scenario ids and titles (with --turns, the turn fixtures).`,
  audit: AUDIT_USAGE,
  'mcp-guard': MCP_GUARD_USAGE,
};

const USAGE = `usage:
${Object.values(COMMAND_USAGE)
  .map((u) => `  ${u.split('\n')[0]}`)
  .join('\n')}
  cli <command> --help
--tools T.mjs (project, validate, payload, schema, turn): check against your own registry, the tool specs
  (defineTool's, or arrays of them) that module T.mjs exports. Without it, the course's registry when the CLI
  has one (the repository's \`npm run cli\`: the chapter's three tools); the installed tool-result has none.`;

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
  const parsed = parseStrictJson(readText(io, path));
  if (!parsed.ok)
    throw new BadInput(
      `${path}:${parsed.error.line}:${parsed.error.column}: ${parsed.error.code}: ${parsed.error.message}`,
    );
  return parsed.value;
}

function readContext(value: unknown, where: string): TrustedContext {
  const r = parseTrustedContext(value);
  if (!r.ok)
    throw new BadInput(
      `${where}: not a valid trusted context: ${r.issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`,
    );
  return r.value;
}

function loadScenario(
  io: CliIO,
  ref: string,
  course: CliCourse | undefined,
): { handler_output: unknown; context: TrustedContext } {
  if (ref.endsWith('.json')) {
    const r = parseScenario(readJson(io, ref));
    if (!r.ok)
      throw new BadInput(
        `${ref}: not a scenario file: ${r.issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`,
      );
    return r.value;
  }
  if (course === undefined)
    throw new BadInput(
      `--scenario ${JSON.stringify(ref)}: this CLI has no course to open scenarios by id; give a FILE.json`,
    );
  const s = course.scenarios.find((x) => x.id === ref);
  if (s === undefined) throw new BadInput(`unknown scenario ${JSON.stringify(ref)}; \`cli list\` prints the ids`);
  return s;
}

function inputs(
  io: CliIO,
  flags: Map<string, string>,
  primary: '--handler' | '--package',
  course: CliCourse | undefined,
): { value: unknown; context: TrustedContext; projected: boolean } {
  const scenario = flags.get('--scenario');
  const allowed = new Set(['--scenario', '--context', primary]);
  for (const f of flags.keys()) if (!allowed.has(f)) throw new BadInput(`unknown option ${f}\n${USAGE}`);
  if (scenario !== undefined) {
    if (flags.size > 1) throw new BadInput(`--scenario stands alone, without --context or ${primary}`);
    const s = loadScenario(io, scenario, course);
    return { value: s.handler_output, context: s.context, projected: false };
  }
  const file = flags.get(primary);
  const ctxFile = flags.get('--context');
  if (file === undefined || ctxFile === undefined)
    throw new BadInput(`needs ${primary} and --context, or --scenario\n${USAGE}`);
  return { value: readJson(io, file), context: readContext(readJson(io, ctxFile), ctxFile), projected: true };
}

/** Before a `--`: what follows it is another command's (mcp-guard's COMMAND ARGS…). */
const wantsHelp = (args: readonly string[]): boolean => {
  const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  return own.includes('--help') || own.includes('-h');
};

/**
 * A number for every command but `audit`, which reads a database and answers when it has, and `mcp-guard`, which
 * serves until its client leaves. `course` is what the CLI may open by name (./cliCourse.ts); without one, the
 * commands that check against a registry need `--tools`.
 */
export function run(argv: string[], io: CliIO, course?: CliCourse): number | Promise<number> {
  const [command, ...rest] = argv;
  // --help is an answer, not an error: usage on stdout, exit 0 (for the CLI and for each command).
  if (command === '--help' || command === '-h' || command === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (command !== undefined && Object.hasOwn(COMMAND_USAGE, command) && wantsHelp(rest)) {
    io.stdout(`usage:\n  ${COMMAND_USAGE[command]}\n`);
    return 0;
  }
  const at = rest.indexOf('--tools');
  if (at >= 0 && command !== undefined && TOOLS_COMMANDS.has(command)) {
    const path = rest[at + 1];
    const others = [...rest.slice(0, at), ...rest.slice(at + 2)];
    if (path === undefined || path.startsWith('--')) {
      io.stderr(`error: --tools needs a module path (T.mjs exporting defineTool specs)\n`);
      return 2;
    }
    return loadToolRegistry(path).then(
      (tools) => runCommand(command, others, io, tools, course),
      (e: unknown) => {
        if (!(e instanceof BadInput)) throw e;
        io.stderr(`error: ${e.message}\n`);
        return 2;
      },
    );
  }
  if (course === undefined && command !== undefined && TOOLS_COMMANDS.has(command)) {
    io.stderr(`error: ${command} needs --tools T.mjs, a module exporting your defineTool specs\n`);
    return 2;
  }
  return runCommand(command, rest, io, course?.tools ?? {}, course);
}

/** The commands that check against a registry: the course's, or the engineer's with `--tools T.mjs`. */
const TOOLS_COMMANDS: ReadonlySet<string> = new Set(['project', 'validate', 'payload', 'schema', 'turn']);

function runCommand(
  command: string | undefined,
  rest: string[],
  io: CliIO,
  tools: ToolRegistry,
  course: CliCourse | undefined,
): number | Promise<number> {
  const out = (v: unknown) => io.stdout(`${JSON.stringify(v)}\n`);
  try {
    switch (command) {
      case 'list':
        if (course === undefined)
          throw new BadInput('list names a course’s scenarios and turn fixtures: this CLI has none');
        if (rest.length === 1 && rest[0] === '--turns') {
          out(course.turnFixtures.map((f) => ({ id: f.id, provider: f.provider, title: f.title })));
          return 0;
        }
        if (rest.length > 0) throw new BadInput(`unexpected argument ${JSON.stringify(rest[0])}\n${USAGE}`);
        out(course.scenarios.map((s) => ({ id: s.id, title: s.title })));
        return 0;
      case 'turn':
        return turn(io, parseFlags(rest), tools, course);
      case 'audit':
        return auditCommand(rest, io);
      case 'mcp-guard':
        // Loaded only here: the MCP SDK and PGlite are optional peers, and every other command works without them.
        return import('./mcpGuardCommand.ts').then(({ mcpGuardCommand }) =>
          mcpGuardCommand(rest, io).catch((e: unknown) => {
            if (!(e instanceof BadInput)) throw e;
            io.stderr(`error: ${e.message}\n`);
            return 2;
          }),
        );
      case 'schema':
        out(schema(parseFlags(rest), tools, course));
        return 0;
      case 'project': {
        const { value, context } = inputs(io, parseFlags(rest), '--handler', course);
        out(project(value, context, tools));
        return 0;
      }
      case 'validate':
      case 'payload': {
        const { value, context, projected } = inputs(io, parseFlags(rest), '--package', course);
        // With --scenario the package is made from the scenario first (docs/contract.md#the-cli).
        const pkg = projected ? value : project(value, context, tools);
        if (command === 'validate') {
          const report = validateResult(pkg, context, tools);
          if (projected) out(report);
          else {
            // The package is valid even when the handler output was refused: say what it carries, not only that it is valid.
            const mr = (pkg as Package).model_result;
            const reasons = (pkg as Package).protected_audit.violations;
            const refused = mr.error?.code === 'OUTPUT_CONTRACT_VIOLATION';
            out({
              ...report,
              scenario: {
                model_result_status: mr.status,
                model_result_error: mr.error?.code ?? null,
                handler_output_refused: refused,
                handler_output_violations: reasons,
              },
            });
            if (report.ok && refused)
              io.stderr(
                `valid package carrying OUTPUT_CONTRACT_VIOLATION: the handler output was refused (${[...new Set(reasons.map((v) => v.code))].join(', ')})\n`,
              );
          }
          if (!report.ok) io.stderr(`rejected: ${[...new Set(report.violations.map((v) => v.code))].join(', ')}\n`);
          return report.ok ? 0 : 1;
        }
        try {
          out(toProviderItem(pkg as Package, context, tools));
          return 0;
        } catch (e) {
          if (!(e instanceof AdapterRefusedError)) throw e;
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

/** `schema --tool NAME [--part model_result|data]`. */
function schema(
  flags: Map<string, string>,
  tools: ToolRegistry,
  course: CliCourse | undefined,
): Record<string, unknown> {
  for (const f of flags.keys())
    if (f !== '--tool' && f !== '--part') throw new BadInput(`unknown option ${f}\n  ${COMMAND_USAGE.schema}`);
  const name = flags.get('--tool');
  if (name === undefined) throw new BadInput(`schema needs --tool\n  ${COMMAND_USAGE.schema}`);
  const spec = findTool(name, tools);
  if (spec === null)
    throw new BadInput(
      `unknown tool ${JSON.stringify(name)}: the registry holds ${Object.keys(tools).join(', ')}${tools === course?.tools ? ` (${course.name}; --tools T.mjs for your own)` : ''}`,
    );
  const part = flags.get('--part') ?? 'model_result';
  if (!(RESULT_SCHEMA_PARTS as readonly string[]).includes(part))
    throw new BadInput(`--part must be model_result or data, not ${JSON.stringify(part)}`);
  return resultJsonSchema(spec, part as ResultSchemaPart);
}

function readText(io: CliIO, path: string): string {
  let bytes: Uint8Array;
  try {
    bytes = io.readFile(path);
  } catch (e) {
    throw new BadInput(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  // Refused before decoding or parsing, so a 5 MB stream costs nothing (docs/strict-json.md#rules).
  if (bytes.length > 1_048_576)
    throw new BadInput(`${path}: ${bytes.length} bytes, over the 1 MiB limit for JSON text`);
  const text = decodeUtf8Strict(bytes);
  if (!text.ok) throw new BadInput(`${path}:${text.error.line}:${text.error.column}: ${text.error.message}`);
  return text.text;
}

/** `turn`, from files or from a fixture (docs/turn-contract.md#the-turn-command). */
function turn(io: CliIO, flags: Map<string, string>, tools: ToolRegistry, course: CliCourse | undefined): number {
  const allowed = new Set(['--provider', '--stream', '--turn-context', '--handlers', '--mode', '--fixture']);
  for (const f of flags.keys()) if (!allowed.has(f)) throw new BadInput(`unknown option ${f}\n  ${COMMAND_USAGE.turn}`);
  const mode = flags.get('--mode') ?? 'stateless';
  if (mode !== 'stateless' && mode !== 'stateful')
    throw new BadInput(`--mode must be stateful or stateless, not ${JSON.stringify(mode)}`);
  let provider: string;
  let events: StreamEvent[];
  let ctx: TurnContext;
  let handlers: Record<string, unknown>;
  let streamName: string;
  let ctxName: string;
  let handlersName: string;
  const fixtureId = flags.get('--fixture');
  if (fixtureId !== undefined) {
    if ([...flags.keys()].some((f) => f !== '--fixture' && f !== '--mode'))
      throw new BadInput('--fixture stands alone (with --mode at most)');
    if (course === undefined) throw new BadInput('--fixture opens a course’s turn fixtures: this CLI has none');
    if (tools !== course.tools) throw new BadInput(`--fixture runs ${course.name} tools: leave out --tools`);
    const f = course.turnFixtures.find((x) => x.id === fixtureId);
    if (f === undefined)
      throw new BadInput(`unknown turn fixture ${JSON.stringify(fixtureId)}; \`cli list --turns\` prints the ids`);
    provider = f.provider;
    events = f.stream.map((value) => ({ value, line: 0, column: 0 }));
    ctx = f.turn_context;
    handlers = f.handlers;
    streamName = ctxName = handlersName = `fixture ${f.id}`;
  } else {
    const p = flags.get('--provider');
    const s = flags.get('--stream');
    const t = flags.get('--turn-context');
    if (p === undefined || s === undefined || t === undefined)
      throw new BadInput(`turn needs --provider, --stream and --turn-context, or --fixture\n  ${COMMAND_USAGE.turn}`);
    if (!isTurnProvider(p))
      throw new BadInput(`unknown provider ${JSON.stringify(p)}: expected openai, anthropic or gemini`);
    provider = p;
    const read = readTurnStream(readText(io, s));
    if (!read.ok)
      throw new BadInput(`${s}:${read.error.line}:${read.error.column}: ${read.error.code}: ${read.error.message}`);
    events = read.events;
    const c = parseTurnContext(readJson(io, t));
    if (!c.ok)
      throw new BadInput(
        `${t}: not a valid turn context: ${c.issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`,
      );
    ctx = c.value;
    const h = flags.get('--handlers');
    const hv = h === undefined ? {} : readJson(io, h);
    if (hv === null || typeof hv !== 'object' || Array.isArray(hv))
      throw new BadInput(`${h}: must map each call id to its handler output`);
    handlers = hv as Record<string, unknown>;
    streamName = s;
    ctxName = t;
    handlersName = h ?? '--handlers (not given)';
  }
  let report: TurnReport;
  try {
    report = runTurn(provider as TurnReport['provider'], { events }, ctx, handlers, tools, mode);
  } catch (e) {
    if (e instanceof StreamTextRefusedError) throw new BadInput(`${streamName}:${e.message}`);
    if (e instanceof TurnInputError) {
      const where = e.params.kind === 'no_handler_output' ? handlersName : ctxName;
      throw new BadInput(`${where}: ${e.message}`);
    }
    throw e;
  }
  io.stdout(`${JSON.stringify(report)}\n`);
  const first = report.problems[0];
  if (first !== undefined) {
    const ev = events[first.at];
    const place =
      ev === undefined || ev.line === 0 ? `${streamName} event ${first.at}` : `${streamName}:${ev.line}:${ev.column}`;
    io.stderr(
      `turn refused: ${first.code} at ${place}: ${segmentsText(en.turn(first.params))}${report.problems.length > 1 ? ` (+${report.problems.length - 1} more)` : ''}\n`,
    );
    return 1;
  }
  if (report.refused !== null) {
    io.stderr(`continuation refused: ${segmentsText(en.turn(report.refused.params))}\n`);
    return 1;
  }
  return 0;
}
