/**
 * A member's home (/#/index) as HTML, made at build time with React DOM's renderToString
 * (decision 032, kept by 039). Its largest element, the first balance, needed the whole app
 * (React, the router, the member chunk, the texts) and five sealed answers before the first
 * paint: 2.8 to 3.1 s on Lighthouse's simulated phone. The frame, the page header, the banners' places and one balance
 * card, and the quick actions below it, are rendered here once per language and layout with the real components; the small
 * module `member-paint-start.ts` fills in the member's name, flags, banners and balances from the
 * same four sealed calls the app makes first, paints it, and hands the answers to the app, which
 * renders the same page over it (boot/hand-over.ts removes the copy in that commit).
 *
 * What the filler relies on is marked here and checked by the build (boot/write-copies.js):
 * the name marker in text nodes, one `li.asset` with `h3.asset-name`, `p.asset-total` and three
 * `dd`s, one `li.banner` in `ul.banners`, and the nav entries that depend on flags by their href.
 */
import type { AssetEntry, Language, MediaEntry, UserInfo } from '@pp/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { DesktopLayout } from '../components/layouts/desktop-layout';
import { MobileLayout } from '../components/layouts/mobile-layout';
import { SupportOpenerContext } from '../components/layouts/support-opener';
import { AccountOverview } from '../features/assets/components/account-overview';
import { TotalValue } from '../features/assets/components/total-value';
import { PrimaryActions } from '../features/dashboard/components/primary-actions';
import { Banners } from '../features/content/components/banners';
import { DashboardPage } from '../features/dashboard/pages/dashboard';
import { replaceTexts } from '../lib/i18n';
import { nameMarker, type MemberPaintTemplates } from './member-paint-marks';
import { paths } from '../lib/paths';

/** currentLanguage() reads the tab's stored language; the build has no tab, so it gets one. */
export function withStoredLanguage(language: Language): void {
  const stored = new Map<string, string>([['lang', language]]);
  globalThis.sessionStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
    clear: () => stored.clear(),
    key: () => null,
    get length() {
      return stored.size;
    },
  };
}

/** The dashboard in `language`, given that language's shell and member texts merged. */
export function renderMemberPaint(language: Language, texts: { coins?: Record<string, string> }): MemberPaintTemplates {
  withStoredLanguage(language);
  replaceTexts(texts);
  // No garbage collection timer: it would keep the build's process alive for minutes.
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const asset = { coinName: 'ASSETS_POINT', assetsTotal: '0', assetsAvailable: '0', assetsFrozen: '0', assetsFixed: '0' } as AssetEntry;
  client.setQueryData(['assetsList'], [asset]);
  client.setQueryData(['userInfo'], { userName: nameMarker } as UserInfo);
  const banner: MediaEntry = { id: 'banner', title: '', imageId: 'banner', linkUrl: '', lang: language } as MediaEntry;
  client.setQueryData(['appMediaList', language], [banner]);
  const flags = { canBuyPurchaseCode: true, canBuyEquity: true, canTransfer: true };
  // The quick actions' customer-service entry shows only where the chat can be opened, as in the
  // member layout; here it opens nothing (the filler marks every button of the copy disabled).
  const openSupport = () => undefined;
  const render = (Layout: typeof MobileLayout) =>
    renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[paths.dashboard]}>
          <SupportOpenerContext value={openSupport}>
            <Layout userName={nameMarker} flags={flags} unreadCount={0} onLogout={() => undefined} isLoggingOut={false} onOpenSupport={openSupport}>
              <DashboardPage
                userName={nameMarker}
                overview={
                  <>
                    <Banners />
                    <TotalValue actions={<PrimaryActions />} />
                    <AccountOverview isCompact />
                  </>
                }
                sections={null}
              />
            </Layout>
          </SupportOpenerContext>
        </MemoryRouter>
      </QueryClientProvider>,
    ).replace(/href="\/(?!\/)/g, 'href="#/');
  const copies = { mobile: render(MobileLayout), desktop: render(DesktopLayout), coins: { ...(texts.coins ?? {}) } };
  client.clear();
  return copies;
}
