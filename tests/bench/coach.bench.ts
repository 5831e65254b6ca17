/**
 * `npm run bench -- coach`: the timing coach's ear beside aubio (coach/hearing.ts) and its judge on real
 * drumming, GrooveScribe's cases and a long take (coach/judging.ts).
 */
import type { BenchReport } from './bench.js';
import { hearingBench } from './coach/hearing.js';
import { judgingBench } from './coach/judging.js';

export async function run(): Promise<BenchReport> {
  const hearing = await hearingBench();
  const judging = await judgingBench();
  return {
    summary: [...hearing.summary, ...judging.summary],
    results: { hearing: hearing.results, judging: judging.results },
  };
}
