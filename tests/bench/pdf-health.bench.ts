/**
 * Does rendering sheet music stall the server? GET /api/health's p95 while 16 downloads of
 * different lessons' PDFs (none cached yet) run at once, as a ratio of its idle p95 on the same
 * server in the same run (< 5). Health is asked one request after another, as a
 * monitor would. Needs a build (`npm run build`).
 */
import { getCatalogue } from '@stickwork/domain';
import { statsOf, type BenchReport } from './bench.js';
import { premiumCustomer, startBenchServer } from './bench-server.js';

const PORT = Number(process.env.BENCH_PORT ?? 3206) + 1;
const DOWNLOADS = 16;
const IDLE_SAMPLES = 200;

const healthLatencies = async (url: string, until: () => boolean, atLeast: number) => {
  const micros: number[] = [];
  while (micros.length < atLeast || !until()) {
    const start = process.hrtime.bigint();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    micros.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return statsOf(micros);
};

export const run = async (): Promise<BenchReport> => {
  const server = await startBenchServer(PORT);
  try {
    const { token } = await premiumCustomer(server);
    // One sheet first, so the worker pool and its engraving code are loaded: steady state is measured.
    const catalogue = getCatalogue();
    const download = (lessonId: number) =>
      fetch(`${server.url}/api/file/download?lessonId=${lessonId}`, {
        headers: { 'x-auth-token': token },
      }).then(async (response) => {
        if (!response.ok) throw new Error(`download ${lessonId}: ${response.status}`);
        return (await response.arrayBuffer()).byteLength;
      });
    await download(catalogue[0]!.lesson_id);
    const idle = await healthLatencies(server.url, () => true, IDLE_SAMPLES);
    const lessons = Array.from({ length: DOWNLOADS }, (_, i) => catalogue[1 + i * 97]!.lesson_id);
    let done = false;
    const started = process.hrtime.bigint();
    const downloads = Promise.all(lessons.map(download)).finally(() => (done = true));
    const busy = await healthLatencies(server.url, () => done, 20);
    const bytes = await downloads;
    const downloadsMs = Number(process.hrtime.bigint() - started) / 1e6;
    const ratio = Math.round((busy.p95Micros / idle.p95Micros) * 100) / 100;
    return {
      summary: [
        `/api/health p95: idle ${(idle.p95Micros / 1000).toFixed(1)} ms, during ${DOWNLOADS} PDF renders ${(busy.p95Micros / 1000).toFixed(1)} ms (ratio ${ratio}; target < 5)`,
        `${DOWNLOADS} different sheets rendered in ${downloadsMs.toFixed(0)} ms (${bytes.reduce((a, b) => a + b, 0)} bytes)`,
      ],
      results: { downloads: DOWNLOADS, idle, busy, p95Ratio: ratio, downloadsMs },
    };
  } finally {
    await server.stop();
  }
};
