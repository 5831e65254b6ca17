/**
 * The web app's weight and scores:
 * - JavaScript the landing page loads (its entry, modulepreloads and their static imports), as
 *   the server sends it: gzip and brotli bytes of the build's precompressed files (target: gzip
 *   < 150 kB, < 100 kB if possible);
 * - Lighthouse 12 (mobile, default throttling) in /usr/bin/chromium on /, /pricing, /register and
 *   /login of the built app: performance, accessibility, best practices and SEO (target ≥ 0.95).
 * Needs a build (`npm run build`). `BENCH_LIGHTHOUSE=0` skips Lighthouse.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchReport } from './bench.js';
import { root, startBenchServer } from './bench-server.js';

const PORT = Number(process.env.BENCH_PORT ?? 3206) + 2;
const PAGES = ['/', '/pricing', '/register', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}

/**
 * Every script the landing page loads before it is interactive: the entry and its modulepreloads
 * in index.html, and the landing page's own chunks, which the server names in the HTML of `/`
 * (route-preloads.json, written by the build), with their static imports. Chunks loaded later
 * (the service worker's registration, other pages) do not count.
 */
export const landingScripts = (dist: string): string[] => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!),
  );
  const preloadsFile = path.join(dist, 'route-preloads.json');
  if (fs.existsSync(preloadsFile)) {
    const preloads = JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Record<
      string,
      { scripts: string[] }
    >;
    for (const script of preloads.landing?.scripts ?? []) files.add(script.replace(/^\//, ''));
  }
  const queue = [...files];
  while (queue.length > 0) {
    const code = fs.readFileSync(path.join(dist, queue.pop()!), 'utf8');
    // Static imports only: `import{a}from"./x.js"` and `import"./x.js"`; dynamic import("./x.js") is lazy.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
      const dependency = `assets/${match[1]}`;
      if (!files.has(dependency)) {
        files.add(dependency);
        queue.push(dependency);
      }
    }
  }
  return [...files].sort();
};

const sizeOf = (file: string, encoded: '.gz' | '.br', compress: (data: Buffer) => Buffer) =>
  fs.existsSync(file + encoded) ? fs.statSync(file + encoded).size : compress(fs.readFileSync(file)).length;

export const landingBytes = (dist: string) => {
  const files = landingScripts(dist).map((file) => path.join(dist, file));
  const sum = (sizes: number[]) => sizes.reduce((total, size) => total + size, 0);
  return {
    scripts: files.length,
    raw: sum(files.map((file) => fs.statSync(file).size)),
    gzip: sum(files.map((file) => sizeOf(file, '.gz', (data) => zlib.gzipSync(data)))),
    brotli: sum(files.map((file) => sizeOf(file, '.br', (data) => zlib.brotliCompressSync(data)))),
  };
};

/** Lighthouse runs per page; the summary gives each figure's median (scores vary from run to run). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const median = (values: number[]) =>
  values.length === 0 ? Number.NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const lighthouseScores = async (url: string) => {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const runs: Record<string, Record<string, number>[]> = {};
  try {
    for (let run = 0; run < RUNS; run++)
      for (const page of PAGES) {
        const result = await lighthouse(`${url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        const { categories, audits } = result.lhr;
        // What the browser actually fetched for the page (brotli, as the server sends it to Chromium).
        const resources = (audits['resource-summary']?.details as { items?: ResourceSummaryItem[] })?.items;
        (runs[page] ??= []).push({
          ...Object.fromEntries(CATEGORIES.map((name) => [name, categories[name]?.score ?? Number.NaN])),
          firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
          largestContentfulPaintMs: Math.round(
            audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          ),
          totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
          scriptTransferBytes:
            resources?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN,
        });
      }
  } finally {
    await chrome.kill();
  }
  // Now and then Lighthouse cannot compute a run's metrics (its scores come back null, with an
  // error in the audit): such a run does not count, the median is of the others.
  const scores: Record<string, Record<string, number>> = {};
  for (const [page, results] of Object.entries(runs)) {
    const valid = results.filter((result) => typeof result.performance === 'number');
    scores[page] = {
      ...Object.fromEntries(
        Object.keys(results[0]!).map((key) => [key, median(valid.map((result) => result[key]!))]),
      ),
      validRuns: valid.length,
    };
  }
  return { runs: RUNS, scores, each: runs };
};

export const run = async (): Promise<BenchReport> => {
  const dist = path.join(root, 'app-web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('Build first: npm run build');
  const bytes = landingBytes(dist);
  const summary = [
    `landing page JavaScript: ${bytes.scripts} files, ${(bytes.gzip / 1000).toFixed(1)} kB gzip, ${(bytes.brotli / 1000).toFixed(1)} kB brotli, ${(bytes.raw / 1000).toFixed(1)} kB raw (target gzip < 150 kB)`,
  ];
  let lighthouseResults: Awaited<ReturnType<typeof lighthouseScores>> | undefined;
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    const server = await startBenchServer(PORT);
    try {
      lighthouseResults = await lighthouseScores(server.url);
    } finally {
      await server.stop();
    }
    summary.push(`Lighthouse: medians of ${lighthouseResults.runs} runs per page`);
    for (const [page, score] of Object.entries(lighthouseResults.scores))
      summary.push(
        `Lighthouse ${page.padEnd(9)} (${score.validRuns} valid runs) ${CATEGORIES.map((name) => `${name} ${score[name]}`).join(', ')}, FCP ${score.firstContentfulPaintMs} ms, LCP ${score.largestContentfulPaintMs} ms, TBT ${score.totalBlockingTimeMs} ms, scripts fetched ${((score.scriptTransferBytes ?? Number.NaN) / 1000).toFixed(1)} kB`,
      );
  }
  return { summary, results: { landingJavaScriptBytes: bytes, lighthouse: lighthouseResults ?? 'skipped' } };
};
