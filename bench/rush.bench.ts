/**
 * Scarce goods under load (decision 025): 2,000 distinct members, each with its own session and
 * its own sealed request, racing at the start instant for 500 purchase codes, and for a flash
 * sale of 300 packages, beside a same-run baseline of 2,000 concurrent balance reads (assetsList)
 * by the same members. SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set.
 *
 * Fixtures are written directly (decision 025, "bench"): member rows, sessions, an airdrop each,
 * and the armed permits (arming checks the transaction password before the start; here it is
 * done by the fixture, since it is not part of the start instant). Everything is sealed before
 * the clock starts. The server is the real app in its own process (bench/rush-server.ts) on
 * 127.0.0.1, pinned to its own core when taskset is there, so the load generator does not share it.
 */
import { mediaType, type PublicJwk } from '@pp/envelope';
import { newClientEphemeral, openResponse, sealRequest } from '@pp/envelope/node';
import { startBenchServer } from './process.ts';
import type { BenchFigure } from './results.ts';

const memberCount = Number(process.env.BENCH_RUSH_MEMBERS ?? 2_000);
const timeoutMs = 30_000;
// The countdown before each sale; longer under a profiler (BENCH_RUSH_COUNTDOWN_MS).
const countdownMs = Number(process.env.BENCH_RUSH_COUNTDOWN_MS ?? 10_000);

interface Answer {
  status: number;
  code: number;
  key: string | null;
  ms: number;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

async function fire(
  base: string,
  requests: Array<{ path: string; body: string; cek: Buffer; nonce: string; token: string }>,
): Promise<{ answers: Answer[]; lastMs: number }> {
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async (r): Promise<Answer> => {
      const t0 = performance.now();
      try {
        const res = await fetch(base + r.path, {
          method: 'POST',
          body: r.body,
          headers: { 'content-type': mediaType, authorization: `Bearer ${r.token}`, 'x-login-type': 'USER', 'accept-language': 'en-US' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const json = (await res.json()) as { code: number; error?: string; message: string; data: string | null };
        if (typeof json.data === 'string') openResponse(r.cek, r.nonce, json.data);
        return { status: res.status, code: json.code, key: json.code === 20000 ? null : (json.error ?? json.message), ms: performance.now() - t0 };
      } catch (error) {
        return { status: 0, code: 0, key: `transport: ${(error as Error).name}`, ms: performance.now() - t0 };
      }
    }),
  );
  return { answers, lastMs: performance.now() - started };
}

function summary(label: string, r: { answers: Answer[]; lastMs: number }) {
  const ms = r.answers.map((a) => a.ms).sort((a, b) => a - b);
  const reasons = new Map<string, number>();
  for (const a of r.answers) reasons.set(a.key ?? 'bought', (reasons.get(a.key ?? 'bought') ?? 0) + 1);
  const out = {
    p50: pct(ms, 0.5),
    p99: pct(ms, 0.99),
    last: r.lastMs,
    reasons: Object.fromEntries(reasons),
    bad: r.answers.filter((a) => a.status === 0 || a.status >= 500).length,
  };
  console.log(
    `rush ${label}: p50 ${out.p50.toFixed(0)} ms, p99 ${out.p99.toFixed(0)} ms, last answer ${out.last.toFixed(0)} ms, answers ${JSON.stringify(out.reasons)}, 5xx/timeouts ${out.bad}`,
  );
  return out;
}

interface RushServer {
  port: number;
  publicJwk: PublicJwk;
  tokens: string[];
  fixtureSeconds: number;
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function runOn(dbLabel: string, databaseUrl: string): Promise<BenchFigure[]> {
  const server = await startBenchServer<RushServer>('rush-server.ts', { BENCH_RUSH_MEMBERS: String(memberCount), BENCH_RUSH_DATABASE_URL: databaseUrl });
  const base = `http://127.0.0.1:${server.port}`;
  const figures: BenchFigure[] = [];
  try {
    const { tokens, publicJwk } = server;
    // A member's browser keeps one ephemeral key for its page load (protocol.md, "Ephemeral keys"),
    // so each member seals every request of the run with its own key, as the page would.
    const ephemerals = tokens.map(() => newClientEphemeral());
    console.log(`rush ${dbLabel}: ${tokens.length} members, sessions and funds made in ${server.fixtureSeconds.toFixed(1)} s (server in its own process)`);
    const cpuMicros = async () => ((await (await fetch(`${base}/bench/cpu`)).json()) as { micros: number }).micros;

    // Baseline: 2,000 concurrent balance reads, one per member.
    const sealReads = () =>
      tokens.map((token, i) => ({
        ...sealRequest(publicJwk, '/api/app/assets/assetsList', {}, { ephemeral: ephemerals[i] }),
        path: '/api/app/assets/assetsList',
        token,
      }));
    // Each member's browser has its connection open before the burst (the page was loaded and
    // polls during the countdown; in production nginx holds the members' TLS connections and keeps
    // its upstream connections alive): one unmeasured round of reads opens 2,000 connections,
    // which the measured bursts then reuse, as the same-run baseline does.
    await fire(base, sealReads());
    const reads = sealReads();
    const cpuRead0 = await cpuMicros();
    const baseline = summary(`${dbLabel} baseline assetsList x${tokens.length}`, await fire(base, reads));
    const baselineCpuMs = ((await cpuMicros()) - cpuRead0) / 1000 / reads.length;

    for (const sale of [
      { kind: 'code', total: 500, apiPath: '/api/app/purchaseCode/buyPurchaseCode', label: 'purchase codes' },
      { kind: 'flash', total: 300, apiPath: '/api/app/flashSale/flashSaleBuy', label: 'flash sale' },
    ] as const) {
      const startsAt = Date.now() + countdownMs;
      const { saleId, permits } = await postJson<{ saleId: string; permits: string[] }>(`${base}/bench/sale`, { kind: sale.kind, total: sale.total, startsAt });
      // During the countdown every member's page asks for the sale (codes left, own state) and
      // keeps its connection open; this also shows that reading a sale before the start works.
      const polls = await fire(
        base,
        tokens.map((token, i) => ({
          ...sealRequest(publicJwk, '/api/app/purchaseCode/saleList', { kind: sale.kind }, { ephemeral: ephemerals[i] }),
          path: '/api/app/purchaseCode/saleList',
          token,
        })),
      );
      if (polls.answers.some((a) => a.code !== 20000))
        throw new Error(`saleList before the start failed: ${JSON.stringify(polls.answers.find((a) => a.code !== 20000))}`);
      if (Date.now() > startsAt - 500) throw new Error('the countdown reads did not finish before the start; the machine is too busy for this benchmark');
      // Sealed just before the start time (the envelope refuses stale times), then sent at once.
      while (Date.now() < startsAt - 300) await new Promise((r) => setTimeout(r, 50));
      const buys = tokens.map((token, i) => ({
        ...sealRequest(
          publicJwk,
          sale.apiPath,
          { saleId, permit: permits[i]!, requestId: `bench-${saleId.slice(0, 8)}-${String(i).padStart(8, '0')}` },
          { ephemeral: ephemerals[i] },
        ),
        path: sale.apiPath,
        token,
      }));
      while (Date.now() < startsAt) await new Promise((r) => setTimeout(r, 1));
      const cpu0 = await cpuMicros();
      const result = summary(`${dbLabel} ${sale.label} ${sale.total} for ${tokens.length}`, await fire(base, buys));
      const saleCpuMs = ((await cpuMicros()) - cpu0) / 1000 / buys.length;
      const check = await postJson<{ sold: number; overLimit: number; ledgerProblems: unknown[]; ledgerProblemCount: number }>(`${base}/bench/check`, {
        saleId,
      });
      const won = result.reasons.bought ?? 0;
      console.log(
        `rush ${dbLabel} ${sale.label}: sold ${check.sold} of ${sale.total}, bought answers ${won}, members over the limit ${check.overLimit}, server CPU ${saleCpuMs.toFixed(3)} ms a request (balance read ${baselineCpuMs.toFixed(3)}), ledger ${check.ledgerProblemCount === 0 ? 'balanced' : `FAILED ${JSON.stringify(check.ledgerProblems)}`}`,
      );
      if (check.sold !== sale.total || won !== sale.total || check.overLimit !== 0 || result.bad !== 0)
        throw new Error(`rush ${sale.label} failed its guarantees: ${JSON.stringify({ ...check, won, bad: result.bad })}`);
      if (check.ledgerProblemCount) throw new Error(`ledger not balanced after the ${sale.label} rush`);
      const unexplained = Object.keys(result.reasons).filter((k) => k !== 'bought' && !k.startsWith('scarce.'));
      if (unexplained.length) throw new Error(`answers without a reason: ${unexplained.join(', ')}`);
      figures.push(
        {
          name: `rush ${dbLabel}: ${sale.label} time until the last answer (${tokens.length} members, ${sale.total} items)`,
          value: Math.round(result.last),
          unit: 'ms',
          baseline: Math.round(baseline.last),
          baselineName: `${tokens.length} concurrent assetsList, last answer`,
          note: sale.kind === 'code' && dbLabel === 'sqlite' ? 'goal < 2500 ms; server in its own process' : 'server in its own process',
        },
        {
          name: `rush ${dbLabel}: ${sale.label} p50`,
          value: Math.round(result.p50),
          unit: 'ms',
          baseline: Math.round(baseline.p50),
          baselineName: 'assetsList p50',
        },
        {
          name: `rush ${dbLabel}: ${sale.label} p99`,
          value: Math.round(result.p99),
          unit: 'ms',
          baseline: Math.round(baseline.p99),
          baselineName: 'assetsList p99',
        },
        {
          name: `rush ${dbLabel}: ${sale.label} server CPU per request`,
          value: Number(saleCpuMs.toFixed(3)),
          unit: 'ms',
          baseline: Number(baselineCpuMs.toFixed(3)),
          baselineName: 'assetsList server CPU per request',
          note: 'process.cpuUsage of the server across the burst; most answers are sold out',
        },
      );

      // What a sold-out answer costs alone: every member tries once more (a new request id) after
      // the sell-out, so every answer is `scarce.soldOut`; beside the same 2,000 balance reads.
      const late = tokens.map((token, i) => ({
        ...sealRequest(
          publicJwk,
          sale.apiPath,
          { saleId, permit: permits[i]!, requestId: `late-${saleId.slice(0, 8)}-${String(i).padStart(8, '0')}` },
          { ephemeral: ephemerals[i] },
        ),
        path: sale.apiPath,
        token,
      }));
      const lateCpu0 = await cpuMicros();
      const soldOut = summary(`${dbLabel} ${sale.label} sold out, ${tokens.length} more tries`, await fire(base, late));
      const soldOutCpuMs = ((await cpuMicros()) - lateCpu0) / 1000 / late.length;
      console.log(
        `rush ${dbLabel} ${sale.label}: a sold-out answer costs the server ${soldOutCpuMs.toFixed(3)} ms of CPU (balance read ${baselineCpuMs.toFixed(3)})`,
      );
      if (soldOut.reasons['scarce.soldOut'] !== tokens.length)
        throw new Error(`after the sell-out every answer must be scarce.soldOut: ${JSON.stringify(soldOut.reasons)}`);
      figures.push(
        {
          name: `rush ${dbLabel}: ${sale.label} sold-out answers, time until the last (${tokens.length})`,
          value: Math.round(soldOut.last),
          unit: 'ms',
          baseline: Math.round(baseline.last),
          baselineName: `${tokens.length} concurrent assetsList, last answer`,
        },
        {
          name: `rush ${dbLabel}: ${sale.label} sold-out answer server CPU`,
          value: Number(soldOutCpuMs.toFixed(3)),
          unit: 'ms',
          baseline: Number(baselineCpuMs.toFixed(3)),
          baselineName: 'assetsList server CPU per request',
          note: 'goal: no more than a balance read',
        },
      );
    }
  } finally {
    await server.stop();
  }
  return figures;
}

export async function rushBench(): Promise<BenchFigure[]> {
  const figures = await runOn('sqlite', '');
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) figures.push(...(await runOn('postgres', pg)));
  else console.log('rush: PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  return figures;
}
