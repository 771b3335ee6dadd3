import { z } from 'zod';
import { cursorInput } from './numbers.ts';

/**
 * The member security centre (decision 010): authenticator (TOTP) two-step login with recovery
 * codes, login history and active sessions. Limits are named with their unit last.
 */
export const securityLimits = {
  /** Recovery codes made when two-step login is turned on; each works once. */
  recoveryCodeCount: 10,
  /** Characters of a recovery code without its dash ("ABCDE-FGHJK"). */
  recoveryCodeChars: 10,
  /** The login history shows at most this many of the newest sign-ins. */
  loginHistoryMax: 50,
  /** Other live sessions per page of the session list (this device comes apart, on the first page). */
  sessionPageSizeMax: 50,
} as const;

/** A 6-digit authenticator code. */
export const totpCode = z
  .string('validation.invalidTotp')
  .trim()
  .regex(/^\d{6}$/, 'validation.invalidTotp');

/**
 * An authenticator code or a recovery code in one field: six digits are an authenticator code,
 * anything else is read as a recovery code (spaces and dashes ignored, any case).
 */
export const secondFactorCode = z
  .string('validation.enterSecurityCode')
  .trim()
  .min(1, 'validation.enterSecurityCode')
  .max(32, 'validation.enterSecurityCode')
  .refine((v) => /^\d{6}$/.test(v) || /^[A-Za-z0-9]{10}$/.test(v.replace(/[\s-]/g, '')), 'validation.enterSecurityCode');

const password = z.string('validation.enterPassword').min(1, 'validation.enterPassword').max(128, 'validation.enterPassword');

/** What a right password answers for a member with two-step login on: no token yet. */
export const loginChallengeResponse = z.object({
  twoFactorRequired: z.literal(true),
  challengeId: z.string(),
  /** The challenge expires at this time (ms since the epoch); then the password is asked again. */
  expiresAt: z.number(),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponse>;

export const loginTwoFactorRequest = z.object({
  // Ids are checked for their alphabet here, so no stray byte (a NUL) ever reaches a query.
  challengeId: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  code: secondFactorCode,
});
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequest>;

export const securityOverview = z.object({
  twoFactorEnabled: z.boolean(),
  enabledAt: z.number().nullable(),
  recoveryCodesLeft: z.number(),
});
export type SecurityOverview = z.infer<typeof securityOverview>;

export const totpSetupResponse = z.object({
  /** Base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG QR code in a data: URL. */
  qrCode: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

export const totpEnableRequest = z.object({ password, code: totpCode });
export type TotpEnableRequest = z.infer<typeof totpEnableRequest>;
export const totpEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnableResponse = z.infer<typeof totpEnableResponse>;

export const totpDisableRequest = z.object({ password, code: secondFactorCode });
export type TotpDisableRequest = z.infer<typeof totpDisableRequest>;

export const sessionEntry = z.object({
  id: z.string(),
  ip: z.string(),
  /** Browser and operating system names read from the user agent; empty when unknown. */
  browser: z.string(),
  os: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  isCurrent: z.boolean(),
});
export type SessionEntry = z.infer<typeof sessionEntry>;
/** Other sessions, newest sign-in first, by cursor pages; a page asks at most `sessionPageSizeMax`. */
export const sessionListRequest = z.object({
  cursor: cursorInput,
  pageSize: z.number().int().min(1).max(securityLimits.sessionPageSizeMax).default(10),
});
export const sessionListResponse = z.object({
  /** This device's session, on the first page only (null on later pages), so it leads the list wherever the others are. */
  current: sessionEntry.nullable(),
  /** The member's other live sessions: never the current one, never an expired, idle or ended one. */
  items: z.array(sessionEntry),
  nextCursor: z.string().nullable(),
  /** How many other live sessions there are in all, for "sign out all other devices". */
  othersCount: z.number(),
});
export type SessionListResponse = z.infer<typeof sessionListResponse>;

export const sessionRevokeRequest = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
export const sessionRevokeOthersResponse = z.object({ revoked: z.number() });

export const loginMethods = ['password', 'totp', 'recovery'] as const;
export type LoginMethod = (typeof loginMethods)[number];

export const loginHistoryEntry = z.object({
  at: z.number(),
  ip: z.string(),
  browser: z.string(),
  os: z.string(),
  method: z.enum(loginMethods),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntry>;
export const loginHistoryResponse = z.object({ items: z.array(loginHistoryEntry), limit: z.number() });
