/**
 * The first load of the member portal as a phone sees it: the JavaScript bytes (gzip) of a first
 * visit to /#/login, and Lighthouse's mobile performance (its default form factor and simulated
 * throttling: a slow 4G link and a 4x slower CPU) for /#/login and for /#/index signed in as the
 * demo member. The apps and the server are built first (`npm run build`; BENCH_SKIP_BUILD=1 uses
 * the build that is there), then the compiled server runs on a fresh data directory, as the
 * browser tests run it. Chromium is Debian's (/usr/bin/chromium); nothing is downloaded.
 *
 * Lighthouse opens its own tab, but /#/index needs the session token, which lives in that tab's
 * sessionStorage (lib/storage.ts). So the bench drives one tab itself with the puppeteer-core that
 * Lighthouse uses, signs in there through the login form, empties the HTTP cache and hands that
 * tab to Lighthouse with `disableStorageReset` (the token stays, the cache is cold).
 * Each page is measured BENCH_LIGHTHOUSE_RUNS times (3 by default); the figures are the run with
 * the median performance score. BENCH_LIGHTHOUSE_REPORT_DIR=dir keeps every Lighthouse report (JSON).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as ChromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import type * as Puppeteer from 'puppeteer-core';
import { demoMember } from '../e2e/support/browser.ts';
import { repoRoot, startServer } from '../e2e/support/server.ts';
import { baselineWebDist } from './baseline-web.ts';
import { buildUnlessSkipped } from './process.ts';
import type { BenchFigure } from './results.ts';

const chromiumPath = '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** What the figures must reach: the first-visit JavaScript budget of /#/login and the Lighthouse goals. */
const budgetKb = 120;
const scoreGoal = 95;
const lcpGoalMs = 1800;
const tbtGoalMs = 200;
/** The last build of the portal with Preact (decision 034), the parent of the commit that put React back. */
const baselineRev = 'bd7c971^';

// chrome-launcher and puppeteer-core are Lighthouse's own dependencies: load the copies it uses.
const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
const { launch } = (await import(fromLighthouse.resolve('chrome-launcher'))) as typeof ChromeLauncher;
const puppeteer = ((await import(fromLighthouse.resolve('puppeteer-core'))) as { default: typeof Puppeteer }).default;

interface PageFigures {
  /** Lighthouse's measure of this machine's speed at the time (lower on a busy machine; the simulated phone's CPU time scales with it). */
  benchmarkIndex: number;
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
}

function figuresOf(lhr: Result): PageFigures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: Math.round(audit('largest-contentful-paint')),
    fcp: Math.round(audit('first-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    si: Math.round(audit('speed-index')),
  };
}

/** The JavaScript a first visit to /#/login downloads (each body gzipped here at level 9, as e2e/budget.e2e.ts counts). */
async function loginScriptBytes(browser: Puppeteer.Browser, baseUrl: string): Promise<{ total: number; files: Array<{ name: string; gzip: number }> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const bodies: Array<Promise<{ name: string; gzip: number }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = path.basename(new URL(response.url()).pathname);
    bodies.push(response.buffer().then((body) => ({ name, gzip: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(`${baseUrl}/#/login`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('input[autocomplete="current-password"]');
  const files = (await Promise.all(bodies)).sort((a, b) => b.gzip - a.gzip);
  await context.close();
  return { total: files.reduce((sum, f) => sum + f.gzip, 0), files };
}

/** Signs the tab in through the login form, so its sessionStorage holds the demo member's token. */
async function signIn(page: Puppeteer.Page, baseUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.goto(`${baseUrl}/#/login`, { waitUntil: 'load' });
    // The form is first the copy painted from HTML (decision 028). Puppeteer's type() finds a
    // field, then focuses it and sends keys: when the app takes over between the two, the field
    // it found is gone and the keys go nowhere (the username stayed empty, 3 times in 8 here).
    // So the bench types into the app's form; the hand-over itself is e2e/first-paint.e2e.ts's.
    await page.waitForFunction(() => !document.getElementById('first-paint') && document.querySelector('#root input[autocomplete="current-password"]'));
    await page.type('input[autocomplete="username"]', demoMember.userName);
    await page.type('input[autocomplete="current-password"]', demoMember.password);
    await page.click('button[type="submit"]');
    const isIn = await page
      .waitForFunction(() => location.hash.startsWith('#/index') && document.querySelector('h1') !== null, { timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    if (isIn) return;
    // What the page shows, so a failed sign-in can be told from a slow one.
    const shown = await page.evaluate(() => [location.hash, document.querySelector('h1')?.textContent ?? null, document.body.innerText.slice(0, 200)]);
    if (attempt === 2) throw new Error(`the bench could not sign in: ${JSON.stringify(shown)}`);
    console.warn(`lighthouse: sign-in attempt ${attempt} did not reach /#/index (${JSON.stringify(shown)}); trying again`);
  }
}

/** One Lighthouse run of `url` in `page`, with a cold HTTP cache (the storage, and so a token, stays). */
async function measureOnce(page: Puppeteer.Page, url: string, port: number, label: string, run: number): Promise<PageFigures> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true };
  for (let attempt = 1; ; attempt++) {
    // The measured tab in front (a tab behind another paints nothing: NO_FCP), and out of the
    // app first: a navigation from /#/x to /#/x would only change the fragment.
    await page.bringToFront();
    await page.goto('about:blank');
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await lighthouse(url, flags, undefined, page as never);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    // A trace without its navigation start (NO_NAVSTART, seen once with Chromium 156) is
    // Lighthouse's "run again": one more try, then the error stands.
    if (failure?.code === 'NO_NAVSTART' && attempt === 1) {
      console.warn(`lighthouse: ${failure.code} on ${url}; measuring that run again`);
      continue;
    }
    if (failure) throw new Error(`Lighthouse: ${failure.code} ${failure.message}`);
    const finalUrl = result.lhr.finalDisplayedUrl;
    if (new URL(finalUrl).hash.split('?')[0] !== new URL(url).hash) throw new Error(`Lighthouse measured ${finalUrl}, not ${url} (redirected?)`);
    const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const name = new URL(url).hash.replace(/\W+/g, '') || 'page';
      fs.writeFileSync(path.join(reportDir, `lighthouse-${label}-${name}-${run}.json`), JSON.stringify(result.lhr));
    }
    return figuresOf(result.lhr);
  }
}

/** The run with the median performance score (ties: the slower LCP first). */
function medianRun(all: PageFigures[]): PageFigures {
  const sorted = [...all].sort((a, b) => a.score - b.score || b.lcp - a.lcp);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A build measured: the current one, and the baseline beside it when there is one. */
interface Build {
  label: string;
  server: { baseUrl: string; stop(): Promise<void> };
}

export async function lighthouseBench(): Promise<BenchFigure[]> {
  buildUnlessSkipped('lighthouse', repoRoot);
  // The build before React came back (decision 039: the last Preact build), measured beside the
  // current one in the same run; BENCH_LIGHTHOUSE_BASE=<rev> picks another, `none` skips it.
  const baseRev = process.env.BENCH_LIGHTHOUSE_BASE ?? baselineRev;
  const base = baseRev === 'none' ? null : baselineWebDist(repoRoot, baseRev);
  const builds: Build[] = [{ label: 'current', server: await startServer() }];
  if (base) builds.push({ label: `base ${base.commit.slice(0, 7)}`, server: await startServer({ WEB_DIST_DIR: base.dist }) });
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags, logLevel: 'silent' });
  const figures: BenchFigure[] = [];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

    const scripts = [];
    for (const build of builds) {
      const js = await loginScriptBytes(browser, build.server.baseUrl);
      scripts.push(js);
      console.log(`\nJavaScript of a first visit to /#/login (${build.label}): ${js.files.length} files, ${kb(js.total)} gzip (budget ${budgetKb} KB)`);
      for (const f of js.files) console.log(`  ${f.name.padEnd(40)} ${kb(f.gzip).padStart(9)}`);
    }
    figures.push({
      name: 'login first-visit JavaScript gzip',
      value: Number((scripts[0]!.total / 1024).toFixed(1)),
      unit: 'KB',
      baseline: budgetKb,
      baselineName: 'first-visit budget',
      note: `${scripts[0]!.files.length} scripts, each gzipped at level 9${base ? `; the build at ${base.commit.slice(0, 7)} (Preact) in the same run: ${kb(scripts[1]!.total)}` : ''}`,
    });

    const pages: Array<[string, string, boolean]> = [
      ['login', '/#/login', false],
      ['index', '/#/index', true],
    ];
    for (const [name, route, needsSession] of pages) {
      // A tab of its own for each page and build: Lighthouse leaves its emulation on the tab it
      // measured. The builds take turns run by run, so a busy spell of the machine hits both.
      const tabs = [];
      for (const build of builds) {
        const page = await browser.newPage();
        if (needsSession) await signIn(page, build.server.baseUrl);
        tabs.push(page);
      }
      const all: PageFigures[][] = builds.map(() => []);
      for (let run = 1; run <= runs; run++) {
        for (const [i, build] of builds.entries())
          all[i]!.push(await measureOnce(tabs[i]!, `${build.server.baseUrl}${route}`, chrome.port, build.label.replace(/\W+/g, '-'), run));
      }
      const medians = all.map(medianRun);
      for (const [i, build] of builds.entries()) {
        const f = medians[i]!;
        console.log(
          `lighthouse mobile ${route} (${build.label}): performance ${f.score}, LCP ${f.lcp} ms, FCP ${f.fcp} ms, TBT ${f.tbt} ms, CLS ${f.cls}, speed index ${f.si} ms (median of ${runs}; scores ${all[i]!.map((r) => r.score).join(', ')}; machine benchmark index ${f.benchmarkIndex})`,
        );
      }
      const f = medians[0]!;
      const b = base ? medians[1]! : null;
      const beside = (pick: (x: PageFigures) => number, unit: string) =>
        b ? `; the build at ${base!.commit.slice(0, 7)} (Preact) in the same run: ${pick(b)}${unit}` : '';
      const note = `Lighthouse ${route}, mobile, simulated throttling, cold cache, median of ${runs} runs, benchmark index ${f.benchmarkIndex}`;
      figures.push(
        {
          name: `lighthouse ${name} performance`,
          value: f.score,
          unit: 'score',
          baseline: scoreGoal,
          baselineName: 'score goal',
          note: note + beside((x) => x.score, ''),
        },
        {
          name: `lighthouse ${name} LCP`,
          value: f.lcp,
          unit: 'ms',
          baseline: lcpGoalMs,
          baselineName: 'score goal',
          note: note + beside((x) => x.lcp, ' ms'),
        },
        { name: `lighthouse ${name} FCP`, value: f.fcp, unit: 'ms', baseline: b?.fcp ?? null, ...(b ? { baselineName: 'Preact build, same run' } : {}), note },
        {
          name: `lighthouse ${name} TBT`,
          value: f.tbt,
          unit: 'ms',
          baseline: tbtGoalMs,
          baselineName: 'score goal',
          note: note + beside((x) => x.tbt, ' ms'),
        },
        {
          name: `lighthouse ${name} CLS`,
          value: f.cls,
          unit: 'score',
          baseline: b?.cls ?? null,
          ...(b ? { baselineName: 'Preact build, same run' } : {}),
          note,
        },
      );
      if (b)
        figures.push({
          name: `lighthouse ${name} performance, Preact build (same run)`,
          value: b.score,
          unit: 'score',
          baseline: f.score,
          baselineName: 'React build, same run',
          note: `${note}; build at ${base!.commit.slice(0, 7)}`,
        });
      for (const tab of tabs) await tab.close();
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    for (const build of builds) await build.server.stop();
  }
  return figures;
}
