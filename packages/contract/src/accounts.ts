import { z } from 'zod';
import { loginChallengeResponse } from './security.ts';

/** Limits on account fields, named with their unit last. */
export const accountLimits = {
  userNameCharsMin: 3,
  userNameCharsMax: 20,
  passwordCharsMin: 8,
  passwordCharsMax: 32,
  emailCharsMax: 254,
  emailCodeDigits: 6,
  captchaCharsMax: 8,
} as const;

/**
 * Words no member name may contain: what staff, the system or the product could be taken for.
 * The one list; the web form and the server refuse by the same rule (`isReservedUserName`, in the
 * schema). A name is refused when it contains one anywhere, so `the_admin`, `support_team` and
 * `superadmin` are refused with `admin` itself; the price is that a few ordinary names that happen
 * to contain one (`staffan`, `rooter`) are refused too, which a member fixes by choosing another.
 */
export const reservedUserNames = [
  'admin',
  'administrator',
  'root',
  'support',
  'staff',
  'system',
  'service',
  'pointsportal',
  'portal',
  'official',
  'helpdesk',
  'kefu',
  'moderator',
  'security',
] as const;

/** Characters read as another: digits for letters (adm1n, supp0rt, 5ystem), l for I, rn for m. */
const readsAs: Record<string, string> = { '0': 'o', '1': 'i', l: 'i', '2': 'z', '3': 'e', '4': 'a', '5': 's', '6': 'g', '7': 't', '8': 'b', '9': 'g' };
const lookAlikeKey = (text: string) => text.replace(/rn/g, 'm').replace(/[0-9l]/g, (ch) => readsAs[ch] ?? ch);
const reservedKeys = reservedUserNames.map(lookAlikeKey);

/**
 * True for a name that contains a reserved word after normalising: any case, separators anywhere
 * (ad_min, sys-tem, p.ortal, spaces), digits anywhere taken out (1admin, a1dmin, kefu_01) or read
 * as the letters they look like (adm1n, supp0rt, 5ystem), and the letters read as others (admln, adrnin).
 */
export function isReservedUserName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[\s_.-]/g, '');
  const forms = [plain.replace(/[0-9]/g, ''), plain].map(lookAlikeKey);
  return forms.some((form) => reservedKeys.some((key) => form.includes(key)));
}

// Messages are i18n keys under `validation.`; both the web and the server translate them.
const userName = z
  .string('validation.enterUsername')
  .trim()
  .min(1, 'validation.enterUsername')
  .refine((v) => !/\s/.test(v), 'validation.noSpaces')
  .refine((v) => v.length >= accountLimits.userNameCharsMin && v.length <= accountLimits.userNameCharsMax, 'validation.userNameLength')
  .refine((v) => /^[A-Za-z0-9_.-]+$/.test(v), 'validation.userNameChars')
  .refine((v) => !isReservedUserName(v), 'validation.userNameReserved');

/** A login name as typed at login: we do not reveal the naming rules there. */
const loginName = z.string('validation.enterUsername').trim().min(1, 'validation.enterUsername').max(64, 'validation.enterUsername');

const strongPassword = (emptyKey: string) =>
  z
    .string(emptyKey)
    .min(1, emptyKey)
    .refine(
      (v) => v.length >= accountLimits.passwordCharsMin && v.length <= accountLimits.passwordCharsMax && /[A-Za-z]/.test(v) && /[0-9]/.test(v),
      'validation.passwordRule',
    );

const anyPassword = (emptyKey: string) => z.string(emptyKey).min(1, emptyKey).max(128, emptyKey);

const email = z
  .string('validation.enterEmail')
  .trim()
  .min(1, 'validation.enterEmail')
  .max(accountLimits.emailCharsMax, 'validation.invalidEmail')
  .pipe(z.email('validation.invalidEmail'));

const emailCode = z
  .string('validation.enterCode')
  .trim()
  .min(1, 'validation.enterCode')
  .regex(/^\d{6}$/, 'validation.invalidCode');

/** Captcha fields; the server ignores them when CAPTCHA=off. */
const captcha = {
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(accountLimits.captchaCharsMax).optional(),
};

function passwordsMatch<T extends Record<string, unknown>>(a: keyof T & string, b: keyof T & string) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (v[a] !== v[b] && typeof v[b] === 'string' && v[b] !== '') {
      ctx.addIssue({ code: 'custom', path: [b], message: 'validation.passwordMismatch' });
    }
  };
}

export const registerRequest = z
  .object({
    userName,
    password: strongPassword('validation.setPassword'),
    confirmPassword: z.string('validation.confirmPassword').min(1, 'validation.confirmPassword'),
    transactionPassword: strongPassword('validation.setTransactionPassword'),
    confirmTransactionPassword: z.string('validation.confirmPassword').min(1, 'validation.confirmPassword'),
    countryCode: z.string('validation.selectCountry').min(2, 'validation.selectCountry').max(2, 'validation.selectCountry'),
    email,
    emailCode,
    inviteId: z.string('validation.enterInviteId').trim().min(1, 'validation.enterInviteId').max(32, 'validation.enterInviteId'),
    agree: z.literal(true, 'validation.agreeTerms'),
    ...captcha,
  })
  .superRefine(passwordsMatch('password', 'confirmPassword'))
  .superRefine(passwordsMatch('transactionPassword', 'confirmTransactionPassword'));
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  userName: loginName,
  password: anyPassword('validation.enterPassword'),
  loginType: z.literal('USER'),
  ...captcha,
});
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginSessionResponse = z.object({ token: z.string(), expiresAt: z.number() });
/** A session, or for a member with two-step login on a challenge for loginTwoFactor (decision 010). */
export const loginResponse = z.union([loginSessionResponse, loginChallengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordRequest = z
  .object({
    userName: loginName,
    email,
    emailCode,
    password: strongPassword('validation.setPassword'),
    confirmPassword: z.string('validation.confirmPassword').min(1, 'validation.confirmPassword'),
  })
  .superRefine(passwordsMatch('password', 'confirmPassword'));
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const updatePasswordRequest = z
  .object({
    oldPassword: anyPassword('validation.enterPassword'),
    password: strongPassword('validation.setPassword'),
    confirmPassword: z.string('validation.confirmPassword').min(1, 'validation.confirmPassword'),
  })
  .superRefine(passwordsMatch('password', 'confirmPassword'));
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;

export const updateTransactionPasswordRequest = z
  .object({
    oldTransactionPassword: anyPassword('validation.enterTransactionPassword'),
    transactionPassword: strongPassword('validation.setTransactionPassword'),
    confirmTransactionPassword: z.string('validation.confirmPassword').min(1, 'validation.confirmPassword'),
  })
  .superRefine(passwordsMatch('transactionPassword', 'confirmTransactionPassword'));
export type UpdateTransactionPasswordRequest = z.infer<typeof updateTransactionPasswordRequest>;

export const forgotTransactionPasswordRequest = z
  .object({
    emailCode,
    transactionPassword: strongPassword('validation.setTransactionPassword'),
    confirmTransactionPassword: z.string('validation.confirmPassword').min(1, 'validation.confirmPassword'),
  })
  .superRefine(passwordsMatch('transactionPassword', 'confirmTransactionPassword'));
export type ForgotTransactionPasswordRequest = z.infer<typeof forgotTransactionPasswordRequest>;

/** Purposes of an e-mailed verification code. */
export const codePurposes = ['REGISTER', 'FORGOT_PASSWORD', 'FORGOT_TRANSACTION_PASSWORD'] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const noLoginSendRequest = z.object({
  email,
  purpose: z.enum(['REGISTER', 'FORGOT_PASSWORD']),
  /** Needed for FORGOT_PASSWORD: the code goes out only when name and e-mail belong together. */
  userName: z.string().trim().max(64).optional(),
  ...captcha,
});
export type NoLoginSendRequest = z.infer<typeof noLoginSendRequest>;
export const loginSendRequest = z.object({ purpose: z.literal('FORGOT_TRANSACTION_PASSWORD') });
export type LoginSendRequest = z.infer<typeof loginSendRequest>;
export const codeSentResponse = z.object({ resendAfterSeconds: z.number() });
export type CodeSentResponse = z.infer<typeof codeSentResponse>;

export const updateAgreeStatusRequest = z.object({ agree: z.literal(true, 'validation.agreeTerms') });

export const userInfo = z.object({
  id: z.string(),
  userName: z.string(),
  userNumber: z.string(),
  countryCode: z.string(),
  email: z.string(),
  /** Masked e-mail, safe to show on shared screens. */
  emailMasked: z.string(),
  referralId: z.string(),
  referrerUserName: z.string().nullable(),
  level: z.number(),
  buyPurchaseCodeStatus: z.boolean(),
  invitationCode: z.string(),
  referralLink: z.string(),
  isProtected: z.boolean(),
  autoTopUp: z.boolean(),
  agreeStatus: z.boolean(),
  createdAt: z.number(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const country = z.object({ code: z.string(), dialCode: z.string(), cn: z.string(), en: z.string() });
export type Country = z.infer<typeof country>;
export const countryList = z.array(country);

export const captchaResponse = z.object({ captchaId: z.string(), image: z.string(), enabled: z.boolean() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const levelEntry = z.object({ level: z.number(), cn: z.string(), en: z.string() });
export type LevelEntry = z.infer<typeof levelEntry>;
export const coinEntry = z.object({ coinName: z.string(), cnName: z.string(), shortName: z.string() });
export type CoinEntry = z.infer<typeof coinEntry>;

/** Amounts are decimal strings in major units on the wire, never floats. */
export const assetEntry = z.object({
  coinName: z.string(),
  assetsAvailable: z.string(),
  assetsFrozen: z.string(),
  assetsFixed: z.string(),
  assetsTotal: z.string(),
});
export type AssetEntry = z.infer<typeof assetEntry>;

export const packageConfig = z.object({ equityBuyStatus: z.boolean() });
export type PackageConfig = z.infer<typeof packageConfig>;

export const empty = z.object({});
export const ok = z.object({ ok: z.literal(true) });
