/** The CLI driven in-process with the chapter as its course, as `npm run cli` starts it, its files given as text or bytes by path (src/cli/run.ts takes its IO as arguments). */
import { run } from '../../src/cli/run.ts';
import { chapterCourse } from '../../../../src/chapter/index.ts';

export function cli(argv: string[], files: Record<string, string | Uint8Array> = {}) {
  let stdout = '';
  let stderr = '';
  const code = run(
    argv,
    {
      readFile: (p) => {
        const f = files[p];
        if (f === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
        return typeof f === 'string' ? new TextEncoder().encode(f) : f;
      },
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
    },
    chapterCourse,
  );
  return {
    code,
    stdout,
    stderr,
    json: stdout.startsWith('{') ? (JSON.parse(stdout) as Record<string, unknown>) : null,
  };
}
