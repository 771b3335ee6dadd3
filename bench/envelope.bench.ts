/**
 * assetsList through the full envelope beside the same handler without it, in one run, against a
 * server in another process on loopback. Requests are sealed before the clock starts, so the
 * figures measure the server; both modes use the same connection count and request count, in
 * rounds that take turns.
 */
import autocannon from 'autocannon';
import { mediaType, type PublicJwk } from '@pp/envelope';
import { generateServerKey, loadServerKey, newClientEphemeral, openRequest, openResponse, sealRequest, sealResponse, type ClientEphemeral } from '@pp/envelope/node';
import { startBenchServer } from './process.ts';
import type { BenchFigure } from './results.ts';

const connections = 16;
const requestsPerRun = Number(process.env.BENCH_REQUESTS ?? 20_000);
const runMsMax = 120_000;
/** The plain and the sealed read take turns this many times (each round a share of the requests). */
const rounds = 5;
/** Requests of each mode before the measured rounds. */
const warmUp = 2000;
/**
 * Requests per client ephemeral key: the browser keeps one for a page load (protocol.md,
 * "Ephemeral keys"); a member's page that refreshes balances every 10 s makes about this many
 * requests in eight minutes. The server agrees once per key, so 1 request in 50 pays the X25519.
 */
const requestsPerEphemeral = 50;

/** Sealed bodies as browsers would send them: a new ephemeral key every requestsPerEphemeral requests. */
function sealMany(server: PublicJwk, apiPath: string, count: number): ReturnType<typeof sealRequest>[] {
  let ephemeral: ClientEphemeral = newClientEphemeral();
  return Array.from({ length: count }, (_, i) => {
    if (i > 0 && i % requestsPerEphemeral === 0) ephemeral = newClientEphemeral();
    return sealRequest(server, apiPath, {}, { ephemeral });
  });
}

interface Started {
  port: number;
  token: string;
  publicJwk: { kty: 'OKP'; crv: 'X25519'; x: string; kid: string };
}

const startServer = () => startBenchServer<Started>('server.ts');

/** Sends the requests with a fixed number of connections; gives up (and throws) after runMsMax. */
async function run(
  url: string,
  requests: Array<{ body: string; headers: Record<string, string> }>,
): Promise<{ rps: number; p99: number; errors: number }> {
  let index = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        amount: requests.length,
        timeout: 10,
        method: 'POST',
        requests: [
          {
            setupRequest: (req) => {
              const next = requests[index++ % requests.length]!;
              return { ...req, body: next.body, headers: next.headers };
            },
          },
        ],
      },
      (error, finished) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(finished);
      },
    );
    const timer = setTimeout(() => {
      instance.stop();
      reject(new Error(`benchmark run did not finish in ${runMsMax} ms`));
    }, runMsMax);
  });
  const seconds = (performance.now() - started) / 1000;
  // Rate from the count and the wall time: autocannon's per-second samples are too coarse for short runs.
  return { rps: result.requests.total / seconds, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

function cryptoCeiling(): { perRequestMs: number } {
  // The public-key and AES work of one request on the server side alone: open plus seal, with
  // the same share of new ephemeral keys as the run.
  const key = loadServerKey(generateServerKey());
  const bodies = sealMany(key.publicJwk, '/api/app/assets/assetsList', 3000).map((s) => s.body);
  const start = process.hrtime.bigint();
  for (const body of bodies) {
    const opened = openRequest(key, body);
    sealResponse(opened.cek, opened.header.nonce, [{ coinName: 'USDT', assetsAvailable: '0.000000' }]);
  }
  return { perRequestMs: Number(process.hrtime.bigint() - start) / 1e6 / bodies.length };
}

export async function envelopeBench(): Promise<BenchFigure[]> {
  const server = await startServer();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const auth = { authorization: `Bearer ${server.token}`, 'x-login-type': 'USER', 'accept-language': 'en-US' };
    const plain = Array.from({ length: requestsPerRun }, () => ({ body: '{}', headers: { ...auth, 'content-type': 'application/json' } }));
    const apiPath = '/api/app/assets/assetsList';
    // A sealed request is accepted once (replay guard): the warm-up has its own.
    const sealedAll = sealMany(server.publicJwk, apiPath, requestsPerRun + warmUp);
    const sealedWarmUp = sealedAll.slice(requestsPerRun).map((s) => ({ body: s.body, headers: { ...auth, 'content-type': mediaType } }));
    const sealed = sealedAll.slice(0, requestsPerRun).map((s) => ({ body: s.body, headers: { ...auth, 'content-type': mediaType } }));

    // One real answer first: the envelope route must work and decrypt with the request's key.
    const probe = sealRequest(server.publicJwk, apiPath, {});
    const answer = (await (await fetch(base + apiPath, { method: 'POST', body: probe.body, headers: { ...auth, 'content-type': mediaType } })).json()) as { code: number; data: string };
    if (answer.code !== 20000 || !Array.isArray(openResponse(probe.cek, probe.nonce, answer.data))) throw new Error('envelope probe failed');

    const serverCpuMicros = async () => ((await (await fetch(`${base}/bench/cpu`)).json()) as { micros: number }).micros;
    const plainUrl = `${base}/bench/plain/api/app/assets/assetsList`;
    await run(plainUrl, plain.slice(0, warmUp));
    await run(base + apiPath, sealedWarmUp);
    // The two modes take turns, a round each at a time, so a slow spell of the machine (or a
    // garbage collection at a bad moment) falls on both; the rates are the totals over all rounds,
    // the p99 the median of the rounds' p99s.
    const perRound = Math.ceil(requestsPerRun / rounds);
    const totals = { plain: { requests: 0, seconds: 0, cpuMicros: 0, errors: 0, p99s: [] as number[] }, sealed: { requests: 0, seconds: 0, cpuMicros: 0, errors: 0, p99s: [] as number[] } };
    for (let round = 0; round < rounds; round++) {
      for (const mode of ['plain', 'sealed'] as const) {
        const batch = (mode === 'plain' ? plain : sealed).slice(round * perRound, (round + 1) * perRound);
        const cpuBefore = await serverCpuMicros();
        const result = await run(mode === 'plain' ? plainUrl : base + apiPath, batch);
        const total = totals[mode];
        total.cpuMicros += (await serverCpuMicros()) - cpuBefore;
        total.requests += batch.length;
        total.seconds += batch.length / result.rps;
        total.errors += result.errors;
        total.p99s.push(result.p99);
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const summary = (t: typeof totals.plain) => ({ rps: t.requests / t.seconds, p99: median(t.p99s), errors: t.errors, p99s: t.p99s });
    const without = summary(totals.plain);
    const withEnvelope = summary(totals.sealed);
    const cpuPlainMs = totals.plain.cpuMicros / 1000 / totals.plain.requests;
    const cpuSealedMs = totals.sealed.cpuMicros / 1000 / totals.sealed.requests;
    if (without.errors || withEnvelope.errors) throw new Error(`errors during the run: ${without.errors} / ${withEnvelope.errors}`);
    const ceiling = cryptoCeiling();
    const ratio = withEnvelope.rps / without.rps;
    console.log(`assetsList, ${connections} connections, ${requestsPerRun} requests each (a new ephemeral key every ${requestsPerEphemeral}):`);
    console.log(`  without envelope  ${without.rps.toFixed(0).padStart(7)} req/s   p99 ${without.p99} ms (median of ${rounds} rounds: ${without.p99s.join(', ')})`);
    console.log(`  with envelope     ${withEnvelope.rps.toFixed(0).padStart(7)} req/s   p99 ${withEnvelope.p99} ms (median of ${rounds} rounds: ${withEnvelope.p99s.join(', ')})`);
    console.log(`  p99 with / without: ${(withEnvelope.p99 / without.p99).toFixed(2)} (goal at most 1.25)`);
    console.log(`  envelope keeps ${(ratio * 100).toFixed(1)}% of the plain rate; crypto alone ${ceiling.perRequestMs.toFixed(3)} ms/request`);
    console.log(`  server CPU per request: ${cpuSealedMs.toFixed(3)} ms with the envelope, ${cpuPlainMs.toFixed(3)} ms without (${(cpuPlainMs / cpuSealedMs * 100).toFixed(1)}%)`);
    const note = `${connections} connections, ${requestsPerRun} requests in ${rounds} rounds taking turns with the other mode (p99: median of the rounds), a new client ephemeral key every ${requestsPerEphemeral} requests, server in its own process on loopback`;
    return [
      { name: 'assetsList with envelope', value: Math.round(withEnvelope.rps), unit: 'req/s', baseline: Math.round(without.rps), baselineName: 'assetsList without envelope', note },
      { name: 'assetsList with envelope p99', value: withEnvelope.p99, unit: 'ms', baseline: without.p99, baselineName: 'assetsList without envelope p99', note },
      { name: 'envelope throughput ratio', value: Number(ratio.toFixed(3)), unit: 'ratio', baseline: 1, note: 'with / without, same run' },
      { name: 'server CPU per request with envelope', value: Number(cpuSealedMs.toFixed(4)), unit: 'ms', baseline: Number(cpuPlainMs.toFixed(4)), baselineName: 'server CPU per request without envelope', note: 'process.cpuUsage of the server across each run; the server pinned to its own core when taskset is there' },
      { name: 'envelope crypto per request (open + seal)', value: Number(ceiling.perRequestMs.toFixed(4)), unit: 'ms', baseline: Number((1000 / without.rps).toFixed(4)), baselineName: 'wall time per plain request at the measured rate', note: 'node:crypto, one core' },
    ];
  } finally {
    await server.stop();
  }
}

