/**
 * What the plane did in one execute, as the Execution and the audit entry
 * list it: each run, status query, replay and wait, with the clock's times
 * and the catalog code it ended with.
 */
import type { Clock } from './clock.ts';
import type { Attempt } from './store.ts';

export const iso = (ms: number): string => new Date(ms).toISOString();

export class AttemptLog {
  readonly list: Attempt[] = [];
  constructor(private readonly clock: Clock) {}

  /** Start an attempt; the returned function ends it with its code. */
  begin(kind: Attempt['kind']): (code: string | null) => void {
    const started_at = iso(this.clock.now());
    const n = this.list.length + 1;
    return (code) => {
      this.list.push({ n, kind, started_at, ended_at: iso(this.clock.now()), code });
      this.list.sort((a, b) => a.n - b.n);
    };
  }

  runs(): number {
    return this.list.filter((a) => a.kind === 'run').length;
  }

  snapshot(): Attempt[] {
    return this.list.map((a) => ({ ...a }));
  }
}
