/**
 * A member's home painted before the app runs (decision 032). index.html's head script loads this
 * small module on a member's tab at "/" or /index, with the copies' file for the tab's language
 * (built by boot/write-copies.js from boot/member-paint.tsx). It makes the app's first four
 * sealed calls itself, leaves their raw answers for the app's API client (boot/first-answers.ts),
 * fills the copy of the tab's layout with the member's name, nav entries, banners' places and
 * balances (as text, never as markup), shows it in #first-paint and then starts the app, which
 * renders the same page over it and removes the copy in that commit (boot/hand-over.ts).
 *
 * Anything unusual paints nothing and leaves the page to the app as before: a failed or refused
 * call, no balance or a point type without a translated name, a copy that does not have what the
 * filler needs, or the app already started (the head script starts it after 3 s regardless).
 */
import { formatAmount, type AssetEntry, type Language } from '@pp/contract';
import { endpointPaths } from '@pp/contract/paths';
import { pageServerKey, sealedPost, type ServerKey } from '@pp/browser-kit/sealed-post';
import { openResponse } from '@pp/envelope/web';
import { hasTransferablePoints } from '../features/assets/balances';
import { areBalancesHidden, hiddenFigure } from '../features/assets/balance-privacy';
import { putFirstAnswer } from './first-answers';
import { desktopQuery } from '../lib/breakpoints';
import { firstCalls, flaggedLinks, nameMarker, type MemberPaintTemplates } from './member-paint-marks';

interface Boot {
  /** The URL of the copies in the tab's language. */
  templates: string;
  language: Language;
  /** Starts the app's scripts (once; the head script also calls it after a timeout). */
  start(): void;
  isStarted(): boolean;
}

declare global {
  interface Window {
    __ppMemberPaint?: Boot;
  }
}

/** Spec section 9's request timeout: a call that takes longer is left to the app. */
const callTimeoutMs = 60_000;

/** One call as the API client makes it; its raw answer is left for the app, its data returned. */
function call(key: ServerKey, token: string, language: Language, path: string): Promise<unknown> {
  const raw = sealedPost(
    key,
    path,
    {},
    {
      headers: { 'Accept-Language': language, 'X-Login-Type': 'USER', Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(callTimeoutMs),
    },
  );
  putFirstAnswer(path, raw);
  return raw.then((answer) => {
    const body = answer.body as { code?: unknown; data?: unknown } | null;
    if (answer.status !== 200 || body?.code !== 20000 || typeof body.data !== 'string') throw new Error('not painted: the answer was not a success');
    return openResponse(answer.requestKey, body.data);
  });
}

function isTemplates(value: unknown): value is MemberPaintTemplates {
  const v = value as Partial<MemberPaintTemplates> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.mobile === 'string' && typeof v.desktop === 'string' && typeof v.coins === 'object' && v.coins !== null
  );
}

interface FirstData {
  user: { userName?: unknown; buyPurchaseCodeStatus?: unknown };
  assets: AssetEntry[];
  config: { equityBuyStatus?: unknown };
  media: unknown[];
}

/** The filled copy, or null when this page should be left to the app. */
function filled(templates: MemberPaintTemplates, language: Language, { user, assets, config, media }: FirstData): DocumentFragment | null {
  if (typeof user.userName !== 'string' || !Array.isArray(assets) || assets.length === 0 || !Array.isArray(media)) return null;
  if (assets.some((a) => !Object.hasOwn(templates.coins, a.coinName))) return null;
  const holder = document.createElement('template');
  // Our own markup from the build (a hashed file of this origin); the member's data goes in as text below.
  holder.innerHTML = window.matchMedia(desktopQuery).matches ? templates.desktop : templates.mobile;
  const page = holder.content;

  const name = user.userName;
  const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue?.includes(nameMarker)) node.nodeValue = node.nodeValue.split(nameMarker).join(name);
  }

  const flags = {
    canBuyPurchaseCode: user.buyPurchaseCodeStatus === true,
    canBuyEquity: config.equityBuyStatus === true,
    canTransfer: hasTransferablePoints(assets),
  };
  for (const flag of Object.keys(flaggedLinks) as (keyof typeof flaggedLinks)[]) {
    if (flags[flag]) continue;
    for (const link of page.querySelectorAll(`a[href="${flaggedLinks[flag]}"]`)) link.closest('li')?.remove();
  }

  // The copy's buttons (menus, language, logout) do nothing until the app runs: they say so, and
  // a click waits for the app's (an automated one too: Playwright waits for an enabled button).
  for (const button of page.querySelectorAll('button')) button.setAttribute('aria-disabled', 'true');

  const banners = page.querySelector('ul.banners');
  const banner = banners?.querySelector('li.banner');
  if (!banners || !banner) return null;
  if (media.length === 0) banners.remove();
  for (let i = 1; i < media.length; i++) banners.appendChild(banner.cloneNode(true));

  const card = page.querySelector('li.asset');
  const list = card?.parentElement;
  if (!card || !list) return null;
  card.remove();
  // The member's eye, as the app will show it: a hidden balance is never painted, even briefly.
  const figure = areBalancesHidden() ? () => hiddenFigure : (value: string) => formatAmount(value, language);
  for (const asset of assets) {
    const item = card.cloneNode(true) as HTMLElement;
    const label = item.querySelector('.asset-name');
    const total = item.querySelector('.asset-total')?.lastChild;
    const parts = item.querySelectorAll('dd');
    if (!label || total?.nodeType !== Node.TEXT_NODE || parts.length !== 3) return null;
    label.textContent = templates.coins[asset.coinName]!;
    total.nodeValue = figure(asset.assetsTotal);
    [asset.assetsAvailable, asset.assetsFrozen, asset.assetsFixed].forEach((value, i) => {
      parts[i]!.textContent = figure(value);
    });
    list.appendChild(item);
  }
  return page;
}

/** How long the app waits for the copy's paint to be reported before it starts anyway. */
const paintReportWaitMs = 1000;

/**
 * Resolves once the browser reports the copy's paint (its largest-contentful-paint entry, which
 * comes after the frame is on screen), so the app's scripts do not compete with it; at once in a
 * tab in the background (it does not paint), and after paintReportWaitMs at the latest.
 */
function painted(host: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') {
      resolve();
      return;
    }
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, paintReportWaitMs);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => host.contains((entry as PerformanceEntry & { element?: Element | null }).element ?? null))) done();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      done();
    }
  });
}

async function paint(boot: Boot): Promise<void> {
  const token = window.sessionStorage.getItem('token');
  const key = pageServerKey();
  if (!token || !key) return;
  const templates = fetch(boot.templates, { credentials: 'same-origin' }).then((response) => (response.ok ? response.json() : null)) as Promise<unknown>;
  const [user, assets, config, media] = firstCalls.map((name) => call(key, token, boot.language, endpointPaths[name]));
  const [copies, ...data] = await Promise.all([templates, user, assets, config, media]);
  const host = document.getElementById('first-paint');
  const root = document.getElementById('root');
  if (boot.isStarted() || !isTemplates(copies) || !host || !root || host.childElementCount > 0 || root.childElementCount > 0) return;
  const page = filled(copies, boot.language, {
    user: data[0] as FirstData['user'],
    assets: data[1] as AssetEntry[],
    config: data[2] as FirstData['config'],
    media: data[3] as unknown[],
  });
  if (!page) return;
  document.documentElement.lang = boot.language;
  host.appendChild(page);
  await painted(host);
}

const boot = window.__ppMemberPaint;
if (boot) {
  // The app starts once the copy has painted, or at once when there is none.
  paint(boot).then(
    () => boot.start(),
    () => boot.start(),
  );
}
