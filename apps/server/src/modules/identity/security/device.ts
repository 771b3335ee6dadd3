/**
 * A short, stable description of the device behind a user agent: browser and operating system
 * family, no versions. Versions change with every update, and a member would get a "new device"
 * e-mail after each browser update if they were part of the key. Unknown parts are ''.
 */
export interface DeviceSummary {
  browser: string;
  os: string;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|HeadlessChrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceSummary(userAgent: string): DeviceSummary {
  const find = (table: ReadonlyArray<[RegExp, string]>) => table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
  return { browser: find(browsers), os: find(systems) };
}
