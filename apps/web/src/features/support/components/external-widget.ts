/**
 * The operator's third-party chat widget (support.liveChatScript), loaded once and only when
 * configured; the server's CSP must allow its origin (LIVE_CHAT_ORIGINS, docs/support.md).
 */
let isLoaded = false;

export function loadExternalWidget(url: string): void {
  if (isLoaded || !/^https:\/\//.test(url)) return;
  isLoaded = true;
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  script.referrerPolicy = 'no-referrer';
  document.head.appendChild(script);
}
