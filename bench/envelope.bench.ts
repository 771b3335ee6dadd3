/**
 * assetsList through the full envelope beside the same handler without it, in one run, against a
 * server in another process on loopback. Requests are sealed before the clock starts, so the
 * figures measure the server; both modes use the same connection count and run time, in rounds
 * that take turns.
 *
 * The load comes from wrk (Debian's `wrk` package), pinned with this process to the cores the
 * server does not have. autocannon, the load generator before it, spent about as much CPU per
 * request as the server: on two cores it, not the server, set the rate, and the sealed mode's
 * larger bodies slowed the client more than the server (decision 029).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mediaType, type PublicJwk } from '@pp/envelope';
import {
  generateServerKey,
  loadServerKey,
  newClientEphemeral,
  openRequest,
  openResponse,
  sealRequest,
  sealResponse,
  type ClientEphemeral,
} from '@pp/envelope/node';
import { startBenchServer } from './process.ts';
import type { BenchFigure } from './results.ts';

const wrkPath = '/usr/bin/wrk';
const connections = 16;
/** Seconds each mode runs in each round. */
const roundSeconds = Number(process.env.BENCH_ENVELOPE_SECONDS ?? 4);
/** The plain and the sealed read take turns this many times. */
const rounds = 5;
/** Seconds of each mode before the measured rounds. */
const warmUpSeconds = 2;
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

/**
 * wrk's script: each request takes the next body of the file (a sealed request is accepted once;
 * running out would send one again, which the server refuses and the run counts as an error).
 * The summary comes back as one JSON line.
 */
const wrkScript = `
local bodies, count, at = {}, 0, 0
local target
function init(args)
  target = args[1]
  for line in io.lines(args[2]) do count = count + 1; bodies[count] = line end
  wrk.headers["content-type"] = args[3]
  wrk.headers["authorization"] = args[4]
  wrk.headers["x-login-type"] = "USER"
  wrk.headers["accept-language"] = "en-US"
end
function request()
  at = at + 1
  if at > count then at = 1 end
  return wrk.format("POST", target, nil, bodies[at])
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"micros":%d,"non2xx":%d,"errors":%d,"p99Micros":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout, latency:percentile(99)))
end
`;

interface RunResult {
  requests: number;
  seconds: number;
  p99: number;
  errors: number;
}

/** One wrk run of `seconds` with the bodies in `bodyFile`. */
async function run(
  baseUrl: string,
  target: string,
  bodyFile: string,
  contentType: string,
  token: string,
  scriptFile: string,
  seconds: number,
): Promise<RunResult> {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    scriptFile,
    baseUrl,
    '--',
    target,
    bodyFile,
    contentType,
    `Bearer ${token}`,
  ];
  const child = spawn(wrkPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${err || out}`);
  const summary = JSON.parse(line) as { requests: number; micros: number; non2xx: number; errors: number; p99Micros: number };
  return { requests: summary.requests, seconds: summary.micros / 1e6, p99: summary.p99Micros / 1000, errors: summary.non2xx + summary.errors };
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
  if (!fs.existsSync(wrkPath)) throw new Error(`the envelope benchmark needs wrk (${wrkPath}): apt-get install -y wrk`);
  const server = await startServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-envelope-'));
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const auth = { authorization: `Bearer ${server.token}`, 'x-login-type': 'USER', 'accept-language': 'en-US' };
    const apiPath = '/api/app/assets/assetsList';
    const plainPath = `/bench/plain${apiPath}`;
    const scriptFile = path.join(dir, 'bodies.lua');
    fs.writeFileSync(scriptFile, wrkScript);

    // One real answer first: the envelope route must work and decrypt with the request's key.
    const probe = sealRequest(server.publicJwk, apiPath, {});
    const answer = (await (await fetch(base + apiPath, { method: 'POST', body: probe.body, headers: { ...auth, 'content-type': mediaType } })).json()) as {
      code: number;
      data: string;
    };
    if (answer.code !== 20000 || !Array.isArray(openResponse(probe.cek, probe.nonce, answer.data))) throw new Error('envelope probe failed');

    const plainFile = path.join(dir, 'plain.txt');
    fs.writeFileSync(plainFile, '{}\n');
    const runPlain = (seconds: number) => run(base, plainPath, plainFile, 'application/json', server.token, scriptFile, seconds);
    // Each sealed run gets twice as many bodies as the plain run just before it could have used
    // (the sealed read is never the faster one), so no body is sent twice.
    const sealedFile = (name: string, plain: RunResult, seconds: number) => {
      const file = path.join(dir, `${name}.txt`);
      const count = Math.ceil((plain.requests / plain.seconds) * 2 * seconds) + 1000;
      fs.writeFileSync(
        file,
        sealMany(server.publicJwk, apiPath, count)
          .map((s) => s.body)
          .join('\n') + '\n',
      );
      return file;
    };
    const runSealed = (file: string, seconds: number) => run(base, apiPath, file, mediaType, server.token, scriptFile, seconds);
    const warmPlain = await runPlain(warmUpSeconds);
    await runSealed(sealedFile('warm-up', warmPlain, warmUpSeconds), warmUpSeconds);

    const serverCpuMicros = async () => ((await (await fetch(`${base}/bench/cpu`)).json()) as { micros: number }).micros;
    // The two modes take turns, a round each at a time, so a slow spell of the machine (or a
    // garbage collection at a bad moment) falls on both; the rates are the totals over all rounds,
    // the p99 the median of the rounds' p99s.
    const totals = {
      plain: { requests: 0, seconds: 0, cpuMicros: 0, errors: 0, p99s: [] as number[] },
      sealed: { requests: 0, seconds: 0, cpuMicros: 0, errors: 0, p99s: [] as number[] },
    };
    for (let round = 0; round < rounds; round++) {
      let lastPlain: RunResult | null = null;
      for (const mode of ['plain', 'sealed'] as const) {
        // Sealed just before its run (the server refuses a request whose time is too old), and
        // before the CPU reading starts.
        const roundFile: string = mode === 'sealed' ? sealedFile(`round-${round}`, lastPlain!, roundSeconds) : '';
        const cpuBefore = await serverCpuMicros();
        const result: RunResult = mode === 'plain' ? await runPlain(roundSeconds) : await runSealed(roundFile, roundSeconds);
        if (mode === 'plain') lastPlain = result;
        const total = totals[mode];
        total.cpuMicros += (await serverCpuMicros()) - cpuBefore;
        total.requests += result.requests;
        total.seconds += result.seconds;
        total.errors += result.errors;
        total.p99s.push(result.p99);
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    const summary = (t: typeof totals.plain) => ({ rps: t.requests / t.seconds, p99: median(t.p99s), errors: t.errors, p99s: t.p99s, requests: t.requests });
    const without = summary(totals.plain);
    const withEnvelope = summary(totals.sealed);
    const cpuPlainMs = totals.plain.cpuMicros / 1000 / totals.plain.requests;
    const cpuSealedMs = totals.sealed.cpuMicros / 1000 / totals.sealed.requests;
    if (without.errors || withEnvelope.errors) throw new Error(`errors during the run: ${without.errors} / ${withEnvelope.errors}`);
    const ceiling = cryptoCeiling();
    const ratio = withEnvelope.rps / without.rps;
    const ms = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
    console.log(
      `assetsList, ${connections} connections, ${rounds} rounds of ${roundSeconds} s each mode (wrk; a new ephemeral key every ${requestsPerEphemeral} requests):`,
    );
    console.log(
      `  without envelope  ${without.rps.toFixed(0).padStart(7)} req/s   p99 ${without.p99.toFixed(1)} ms (${without.requests} requests; rounds' p99: ${ms(without.p99s)})`,
    );
    console.log(
      `  with envelope     ${withEnvelope.rps.toFixed(0).padStart(7)} req/s   p99 ${withEnvelope.p99.toFixed(1)} ms (${withEnvelope.requests} requests; rounds' p99: ${ms(withEnvelope.p99s)})`,
    );
    console.log(`  p99 with / without: ${(withEnvelope.p99 / without.p99).toFixed(2)} (goal at most 1.25)`);
    console.log(
      `  envelope keeps ${(ratio * 100).toFixed(1)}% of the plain rate (goal at least 85%); crypto alone ${ceiling.perRequestMs.toFixed(3)} ms/request`,
    );
    console.log(
      `  server CPU per request: ${cpuSealedMs.toFixed(3)} ms with the envelope, ${cpuPlainMs.toFixed(3)} ms without (${((cpuPlainMs / cpuSealedMs) * 100).toFixed(1)}%)`,
    );
    const note = `${connections} connections from wrk, ${rounds} rounds of ${roundSeconds} s taking turns with the other mode (p99: median of the rounds), a new client ephemeral key every ${requestsPerEphemeral} requests, server in its own process on loopback`;
    return [
      {
        name: 'assetsList with envelope',
        value: Math.round(withEnvelope.rps),
        unit: 'req/s',
        baseline: Math.round(without.rps),
        baselineName: 'assetsList without envelope',
        note,
      },
      {
        name: 'assetsList with envelope p99',
        value: Number(withEnvelope.p99.toFixed(2)),
        unit: 'ms',
        baseline: Number(without.p99.toFixed(2)),
        baselineName: 'assetsList without envelope p99',
        note,
      },
      { name: 'envelope throughput ratio', value: Number(ratio.toFixed(3)), unit: 'ratio', baseline: 1, note: 'with / without, same run' },
      {
        name: 'server CPU per request with envelope',
        value: Number(cpuSealedMs.toFixed(4)),
        unit: 'ms',
        baseline: Number(cpuPlainMs.toFixed(4)),
        baselineName: 'server CPU per request without envelope',
        note: 'process.cpuUsage of the server across each run; the server pinned to its own core when taskset is there',
      },
      {
        name: 'envelope crypto per request (open + seal)',
        value: Number(ceiling.perRequestMs.toFixed(4)),
        unit: 'ms',
        baseline: Number((1000 / without.rps).toFixed(4)),
        baselineName: 'wall time per plain request at the measured rate',
        note: 'node:crypto, one core',
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
