/**
 * The back-office (apps/admin, served at /admin/) in the browser: staff sign-in through the
 * login form with the authenticator code computed here from the TOTP secret, as an
 * authenticator app would.
 */
import { createGuardrails, generate } from 'otplib';
import type { Page } from 'playwright-core';
import { sleep, waitForHashPath, waitForHeading } from './browser';
import { adminT, type Language } from './i18n';

export interface StaffCredentials {
  userName: string;
  password: string;
  /** The enrolled secret; absent for an account that sets up its authenticator at first sign-in. */
  totpSecret?: string;
}

/** Demo staff of apps/server/src/demo/seed.ts (only admin's authenticator is enrolled). */
export const demoStaff = {
  admin: { userName: 'admin', password: 'Admin@12345', totpSecret: 'JBSWY3DPEHPK3PXP' },
  finance: { userName: 'finance', password: 'Finance@12345' },
  support: { userName: 'support', password: 'Support@12345' },
  viewer: { userName: 'viewer', password: 'Viewer@12345' },
} as const satisfies Record<string, StaffCredentials>;

const stepSeconds = 30;
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
/** The last time step whose code was handed out, per secret. */
const usedSteps = new Map<string, number>();

/**
 * A six-digit code the server will accept for `secret`. The server takes a code once per
 * 30-second step and allows one step of drift, so a second sign-in within the same step gets
 * the next step's code, and a third waits until that one is within reach.
 */
export async function totpCode(secret: string): Promise<string> {
  const current = () => Math.floor(Date.now() / 1000 / stepSeconds);
  const step = Math.max(current(), (usedSteps.get(secret) ?? -1) + 1);
  // More than one step ahead of the clock would be refused: wait for the clock to catch up.
  while (step > current() + 1) await sleep((step - 1) * stepSeconds * 1000 - Date.now() + 50);
  usedSteps.set(secret, step);
  return generate({ secret, epoch: step * stepSeconds, guardrails });
}

/** The authenticator key the first-login setup screen shows (grouped by four for reading). */
export async function shownTotpSecret(page: Page, lang: Language): Promise<string> {
  const key = page.getByText(adminT(lang, 'login.secret'), { exact: true }).locator('xpath=following-sibling::code');
  const text = (await key.innerText()).replace(/\s+/g, '');
  if (!/^[A-Z2-7]{16,}=*$/.test(text)) throw new Error(`the setup screen shows no base32 key: "${text}"`);
  return text;
}

/**
 * Signs in through the back-office login form: username and password, then the authenticator
 * code (enrolling the authenticator first when the account has none). Waits for the dashboard.
 * Returns the secret used, which for a first sign-in is the one read from the setup screen.
 */
export async function staffLogin(page: Page, lang: Language, staff: StaffCredentials): Promise<{ secret: string; wasSetup: boolean }> {
  await page.goto('/admin/#/login');
  await waitForHeading(page, adminT(lang, 'login.title'));
  await page.locator('#login-username').fill(staff.userName);
  await page.locator('#login-password').fill(staff.password);
  await page.getByRole('button', { name: adminT(lang, 'login.next'), exact: true }).click();

  const setupTitle = adminT(lang, 'login.setupTitle');
  const totpTitle = adminT(lang, 'login.totpTitle');
  const h1 = page.getByRole('heading', { level: 1 });
  await page.waitForFunction(
    (titles) => Array.from(document.querySelectorAll('h1')).some((h) => titles.includes(h.textContent?.trim() ?? '')),
    [setupTitle, totpTitle],
    { timeout: 15_000 },
  );
  const wasSetup = (await h1.innerText()).trim() === setupTitle;
  let secret: string;
  if (wasSetup) {
    secret = await shownTotpSecret(page, lang);
    if (staff.totpSecret && staff.totpSecret !== secret) throw new Error(`${staff.userName}: the setup screen shows another key than expected`);
  } else {
    if (!staff.totpSecret) throw new Error(`${staff.userName} has an authenticator enrolled, but the test knows no secret`);
    secret = staff.totpSecret;
  }
  const code = page.getByLabel(adminT(lang, 'login.code'), { exact: true });
  await code.fill(await totpCode(secret));
  await page.getByRole('button', { name: adminT(lang, 'login.submit'), exact: true }).click();
  await waitForHashPath(page, '/dashboard');
  await waitForHeading(page, adminT(lang, 'dashboard.title'));
  return { secret, wasSetup };
}
