/**
 * The main thread after the first paint of /#/login and /#/index, from Chromium's own trace:
 * what Lighthouse's blocking time is made of, measured directly (decision 033). Lighthouse
 * simulates a phone from one observed load; on a shared two-core machine its figure for the same
 * build moves by 15 points, so a change of ours can hide in it. Here each page is loaded cold
 * several times after one load that is not counted, unthrottled, and each task that ends after the first contentful paint counts as
 * Lantern would count it on its 4x slower phone: 4 x its length (the part after the paint) less
 * 50 ms, when positive. The figures are the median sum and the largest task, beside the login
 * page's in the same run (the lightest page the app starts on).
 */
import type { CDPSession } from 'playwright-core';
import { closeBrowser, demoMember, launchBrowser, viewports } from '../e2e/support/browser.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';
import { buildUnlessSkipped } from './process.ts';
import type { BenchFigure } from './results.ts';

const loads = Math.max(1, Number(process.env.BENCH_START_LOADS ?? 5));
/** Lighthouse's mobile CPU slowdown, and the length above which a task blocks. */
const slowdown = 4;
const blockingFromMs = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

interface LoadFigures {
  blockingMs: number;
  largestTaskMs: number;
}

async function traceLoad(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (event: { value: object[] }) => events.push(...(event.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] } });
  await load();
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** The blocking sum and the largest task after the first contentful paint of the page's main frame. */
function figuresOf(events: TraceEvent[]): LoadFigures {
  const paint = events.filter((e) => e.name === 'firstContentfulPaint').pop();
  if (!paint) throw new Error('start bench: the trace has no first contentful paint');
  let blockingMs = 0;
  let largestTaskMs = 0;
  for (const task of events) {
    if (task.name !== 'RunTask' || task.ph !== 'X' || task.pid !== paint.pid || task.tid !== paint.tid) continue;
    const end = task.ts + (task.dur ?? 0);
    if (end <= paint.ts) continue;
    const ms = (end - Math.max(task.ts, paint.ts)) / 1000;
    blockingMs += Math.max(0, slowdown * ms - blockingFromMs);
    largestTaskMs = Math.max(largestTaskMs, ms);
  }
  return { blockingMs, largestTaskMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function startBench(): Promise<BenchFigure[]> {
  buildUnlessSkipped('start', repoRoot);
  const server = await startServer();
  const browser = await launchBrowser();
  const measured: Record<'login' | 'index', LoadFigures[]> = { login: [], index: [] };
  try {
    // One phone-sized tab, signed in once: the token stays in its sessionStorage across loads.
    const context = await browser.newContext({ viewport: viewports.mobile, isMobile: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const coldLoad = async (route: string, ready: () => Promise<unknown>) => {
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
      const events = await traceLoad(cdp, async () => {
        await page.goto(`${server.baseUrl}${route}`);
        await ready();
        // The app's start and the first answers' renders, well past what Lighthouse waits for on these pages.
        await page.waitForTimeout(3000);
      });
      return figuresOf(events);
    };
    // A first load of each page is not counted: a browser just started pages its own code in.
    const loginReady = () => page.locator('#root input[autocomplete="current-password"]').waitFor();
    await coldLoad('/#/login', loginReady);
    for (let i = 0; i < loads; i++) measured.login.push(await coldLoad('/#/login', loginReady));
    await page.locator('#root input[autocomplete="username"]').fill(demoMember.userName);
    await page.locator('#root input[autocomplete="current-password"]').fill(demoMember.password);
    await page.locator('#root button[type="submit"]').click();
    await page.waitForFunction(() => location.hash.startsWith('#/index') && document.querySelector('#root h1') !== null);
    const indexReady = () => page.locator('#root .asset-grid').waitFor();
    await coldLoad('/#/index', indexReady);
    for (let i = 0; i < loads; i++) measured.index.push(await coldLoad('/#/index', indexReady));
  } finally {
    await closeBrowser(browser);
    await server.stop();
  }
  const summary = (all: LoadFigures[]) => ({
    blocking: Math.round(median(all.map((f) => f.blockingMs))),
    largest: Math.round(median(all.map((f) => f.largestTaskMs))),
  });
  const login = summary(measured.login);
  const index = summary(measured.index);
  const list = (all: LoadFigures[]) => all.map((f) => Math.round(f.blockingMs)).join(', ');
  console.log(`\nmain thread after the first paint, ${loads} cold loads each, unthrottled (blocking counted as on a 4x slower phone):`);
  console.log(`  /#/login  blocking ${String(login.blocking).padStart(5)} ms (loads: ${list(measured.login)}), largest task ${login.largest} ms`);
  console.log(`  /#/index  blocking ${String(index.blocking).padStart(5)} ms (loads: ${list(measured.index)}), largest task ${index.largest} ms`);
  const note = `Chromium trace, ${loads} cold loads, medians; each task after the first contentful paint counts 4 x its length less 50 ms (Lantern's blocking on its 4x slower phone)`;
  return [
    { name: 'start blocking /#/login', value: login.blocking, unit: 'ms', baseline: null, note },
    { name: 'start blocking /#/index', value: index.blocking, unit: 'ms', baseline: login.blocking, baselineName: 'start blocking /#/login', note },
    { name: 'start largest task /#/index', value: index.largest, unit: 'ms', baseline: login.largest, baselineName: 'start largest task /#/login', note },
  ];
}
