/**
 * The caller of the engineer's run under load (docs/control-plane.md#in-flight-writes): it does
 * what each answer says. A `retry_after_ms` is waited out and the call asked again; an
 * `OUTCOME_UNKNOWN` (recovery `query_status`) is asked again after a pause, which is how a
 * dispatcher asks the plane to query; any other answer ends the intent. Its asks are bounded.
 */
import type { Execution } from '../../src/control/index.ts';

export interface Settled {
  final: Execution;
  asks: number;
  /** Each answer's code, `ok` for a success. */
  answers: string[];
}

export async function askUntilSettled(
  ask: () => Promise<Execution>,
  sleep: (ms: number) => Promise<void>,
  options: { maxAsks?: number; unknownPauseMs?: number } = {},
): Promise<Settled> {
  const answers: string[] = [];
  for (let asks = 1; ; asks++) {
    const ex = await ask();
    const error = ex.pkg.model_result.error;
    answers.push(error?.code ?? 'ok');
    if (error === undefined || error === null || asks >= (options.maxAsks ?? 20)) return { final: ex, asks, answers };
    if (typeof error.retry_after_ms === 'number') await sleep(error.retry_after_ms);
    else if (error.recovery === 'query_status') await sleep(options.unknownPauseMs ?? 250);
    else return { final: ex, asks, answers };
  }
}
