/** What a `*.bench.ts` module exports: `run()` returns JSON-ready results and a few summary lines. */
export interface BenchReport {
  /** One line each, printed after the run. */
  summary: string[];
  results: Record<string, unknown>;
}

export interface BenchModule {
  run(): BenchReport | Promise<BenchReport>;
}

export interface TimingStats {
  samples: number;
  medianMicros: number;
  p95Micros: number;
  meanMicros: number;
  minMicros: number;
  maxMicros: number;
}

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

const round = (value: number): number => Math.round(value * 100) / 100;

/** Timing statistics of samples given in microseconds. */
export const statsOf = (micros: readonly number[]): TimingStats => {
  const sorted = [...micros].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    medianMicros: round(percentile(sorted, 0.5)),
    p95Micros: round(percentile(sorted, 0.95)),
    meanMicros: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
    minMicros: round(sorted[0] ?? Number.NaN),
    maxMicros: round(sorted.at(-1) ?? Number.NaN),
  };
};

/** Times `action(i)` once per i in microseconds, after `warmUp` untimed calls so the JIT has settled. */
export const timeEach = (
  count: number,
  action: (i: number) => unknown,
  warmUp = Math.min(500, count),
): TimingStats => {
  for (let i = 0; i < warmUp; i++) action(i);
  const micros: number[] = [];
  let sink: unknown;
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    sink = action(i);
    micros.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  if (sink === Symbol.for('never')) console.log(sink); // keeps the results alive
  return statsOf(micros);
};
