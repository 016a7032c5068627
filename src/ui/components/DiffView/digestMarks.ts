/**
 * Two digests of the same kind side by side, cut into runs of equal and
 * differing characters, position by position (both are fixed-length hex):
 * the learner sees where they differ without remembering either.
 */
export interface DigestRun {
  text: string;
  differs: boolean;
}

export function digestRuns(value: string, other: string): DigestRun[] {
  const runs: DigestRun[] = [];
  for (let i = 0; i < value.length; i++) {
    const differs = value[i] !== other[i];
    const last = runs[runs.length - 1];
    if (last !== undefined && last.differs === differs) last.text += value[i];
    else runs.push({ text: value[i] as string, differs });
  }
  return runs;
}
