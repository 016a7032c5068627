/**
 * How upstream's injected text becomes environment data: a port of PyYAML 6's reading of a double-quoted scalar
 * (`Scanner.scan_flow_scalar` and the three helpers it calls, plus `Reader.check_printable`).
 *
 * Why it is needed: `TaskSuite.load_and_inject_default_environment` does not put an injection into the environment
 * as given. It loads environment.yaml, dumps it again with `yaml.dump` — and agentdojo/yaml_loader.py registers a
 * representer that writes every string double-quoted — then `str.format`s the injections into that text and parses
 * it once more with `yaml.safe_load`. So an injection is read as the inside of a double-quoted YAML scalar: raw
 * line breaks fold (one break becomes a space, n breaks become n − 1 newlines, the blanks around them go), escapes
 * such as `\t` and `\n` become the characters, and a bare `"` or an unknown escape makes PyYAML raise. This file
 * does the same, and throws where PyYAML raises.
 */

/** PyYAML would raise while reading the injected environment: upstream's run would stop here too. */
export class InjectionYamlError extends Error {
  override readonly name = 'InjectionYamlError';
}

const BREAKS = '\r\n\u0085\u2028\u2029';
// What ends a run of plain content inside a quoted scalar (`scan_flow_scalar_non_spaces`); '\0' stands for the end.
const STOPS = `'"\\\0 \t${BREAKS}`;
const SEPARATOR_FOLLOWERS = `\0 \t${BREAKS}`;
const HEX = /^[0-9A-Fa-f]$/;

const ESCAPE_REPLACEMENTS: ReadonlyMap<string, string> = new Map([
  ['0', '\0'],
  ['a', '\u0007'],
  ['b', '\b'],
  ['t', '\t'],
  ['\t', '\t'],
  ['n', '\n'],
  ['v', '\v'],
  ['f', '\f'],
  ['r', '\r'],
  ['e', '\u001b'],
  [' ', ' '],
  ['"', '"'],
  ['\\', '\\'],
  ['/', '/'],
  ['N', '\u0085'],
  ['_', '\u00a0'],
  ['L', '\u2028'],
  ['P', '\u2029'],
]);
const ESCAPE_CODES: ReadonlyMap<string, number> = new Map([
  ['x', 2],
  ['u', 4],
  ['U', 8],
]);

/**
 * `Reader.NON_PRINTABLE`: PyYAML refuses the whole stream if any character is outside these ranges. A lone
 * surrogate is refused too: it is no code point Python's `str` could have received from the JSON an attack comes in.
 */
const NON_PRINTABLE = /[^\t\n\r\u0020-\u007e\u0085\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/**
 * The string `yaml.safe_load` reads from `raw`, a double-quoted scalar written out in full (both quotes included).
 * Throws {@link InjectionYamlError} where PyYAML raises, and also where the scalar closes before `raw` ends: a bare
 * `"` inside an injection cuts the scalar short, and what follows it is then read as YAML structure, which in this
 * environment is a parse error (or, for a contrived injection, a silently different environment this port does not
 * try to reproduce).
 */
export function readDoubleQuoted(raw: string): string {
  const bad = NON_PRINTABLE.exec(raw);
  if (bad !== null)
    throw new InjectionYamlError(
      `unacceptable character U+${(bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}: special characters are not allowed`,
    );
  let i = 0;
  const peek = (k = 0): string => raw[i + k] ?? '\0';
  const out: string[] = [];

  const lineBreak = (): string => {
    const ch = peek();
    if ('\r\n\u0085'.includes(ch)) {
      i += raw.startsWith('\r\n', i) ? 2 : 1;
      return '\n';
    }
    if (ch === '\u2028' || ch === '\u2029') {
      i += 1;
      return ch;
    }
    return '';
  };

  const breaks = (): string[] => {
    const chunks: string[] = [];
    for (;;) {
      // PyYAML checks no indentation inside a quoted scalar, only that no line starts a new document.
      const prefix = raw.slice(i, i + 3);
      if ((prefix === '---' || prefix === '...') && SEPARATOR_FOLLOWERS.includes(peek(3)))
        throw new InjectionYamlError('found unexpected document separator while scanning a quoted scalar');
      while (peek() === ' ' || peek() === '\t') i += 1;
      if (BREAKS.includes(peek())) chunks.push(lineBreak());
      else return chunks;
    }
  };

  const nonSpaces = (): void => {
    for (;;) {
      let length = 0;
      while (!STOPS.includes(peek(length))) length += 1;
      if (length > 0) {
        out.push(raw.slice(i, i + length));
        i += length;
      }
      const ch = peek();
      if (ch === "'") {
        out.push(ch);
        i += 1;
      } else if (ch === '\\') {
        i += 1;
        const esc = peek();
        const replacement = ESCAPE_REPLACEMENTS.get(esc);
        const width = ESCAPE_CODES.get(esc);
        if (replacement !== undefined) {
          out.push(replacement);
          i += 1;
        } else if (width !== undefined) {
          i += 1;
          for (let k = 0; k < width; k++)
            if (!HEX.test(peek(k)))
              throw new InjectionYamlError(`expected escape sequence of ${width} hexadecimal numbers`);
          const code = Number.parseInt(raw.slice(i, i + width), 16);
          // Python's chr() raises past U+10FFFF; below it, a surrogate is a lone one in both languages.
          if (code > 0x10ffff) throw new InjectionYamlError(`chr() arg not in range(0x110000): ${code}`);
          out.push(String.fromCodePoint(code));
          i += width;
        } else if (BREAKS.includes(esc)) {
          lineBreak();
          out.push(...breaks());
        } else {
          throw new InjectionYamlError(`found unknown escape character ${JSON.stringify(esc)}`);
        }
      } else {
        return;
      }
    }
  };

  const spaces = (): void => {
    let length = 0;
    while (peek(length) === ' ' || peek(length) === '\t') length += 1;
    const whitespace = raw.slice(i, i + length);
    i += length;
    const ch = peek();
    if (ch === '\0') throw new InjectionYamlError('found unexpected end of stream while scanning a quoted scalar');
    if (BREAKS.includes(ch)) {
      const first = lineBreak();
      const rest = breaks();
      if (first !== '\n') out.push(first);
      else if (rest.length === 0) out.push(' ');
      out.push(...rest);
    } else {
      out.push(whitespace);
    }
  };

  if (peek() !== '"') throw new InjectionYamlError('a double-quoted scalar starts with "');
  i += 1;
  nonSpaces();
  while (peek() !== '"') {
    spaces();
    nonSpaces();
  }
  i += 1;
  if (i !== raw.length)
    throw new InjectionYamlError('a bare " in the injection closes the scalar early; PyYAML would not read it back');
  return out.join('');
}
