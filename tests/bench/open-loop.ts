import http from 'node:http';

export interface OpenLoopOptions {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** The request's body, made anew for each request. */
  body?: () => string;
  /** Requests a second, evenly spaced. */
  rate: number;
  seconds: number;
  /** Keep-alive sockets at most; a request due while all are busy waits for one, and that wait counts. */
  connections: number;
  /** Request i carries tokens[i % length] (the customers in turn). */
  tokens: readonly string[];
}

export interface OpenLoopResult {
  offeredPerSecond: number;
  servedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  errors: number;
}

/**
 * An open loop at an even pace: request i is due at start + i / rate and is sent then, whatever the
 * earlier ones take; its latency runs from when it was due to the end of its answer, so a server (or
 * a generator) that falls behind is charged for it (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second, and every
 * connection sends back to back until its quota is spent, then waits for the next second. That is a
 * saturating burst at the start of every second, and its p99 is the burst's queue, not the latency at
 * the offered rate.
 */
export const openLoop = async (options: OpenLoopOptions): Promise<OpenLoopResult> => {
  const { url, method, path, headers, body, rate, seconds, connections, tokens } = options;
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let lastAnswer = 0;
  const start = performance.now();

  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method,
          agent,
          headers: { ...headers, 'x-auth-token': tokens[index % tokens.length]! },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status < 200 || status >= 300) errors++;
            lastAnswer = performance.now();
            latencies.push(lastAnswer - due);
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(body?.());
    });

  const inFlight: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((resolve) => {
    // Every millisecond or so, send what has come due since (about 1.5 requests a tick at 1,500/s).
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      for (; sent < due; sent++) inFlight.push(send(sent, start + (sent * 1000) / rate));
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const quantile = (q: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN) * 10) /
    10;
  return {
    offeredPerSecond: rate,
    servedPerSecond: Math.round(latencies.length / ((lastAnswer - start) / 1000)),
    p50Ms: quantile(0.5),
    p99Ms: quantile(0.99),
    p999Ms: quantile(0.999),
    errors,
  };
};
