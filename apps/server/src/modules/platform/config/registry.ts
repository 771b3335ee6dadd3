/**
 * Every server-driven setting (spec section 9: fees, rates, limits are server-driven), declared
 * once with its default, its validation and whether it moves money. Features register their
 * settings here; staff change them in the back-office; every change is in the audit log.
 */
import { z } from 'zod';

const decimal = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'validation.enterValidAmount');
const percent = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'validation.enterValidAmount')
  .refine((v) => Number(v) <= 100, 'validation.enterValidAmount');

export type ConfigKind = 'amount' | 'integer' | 'boolean' | 'percent' | 'text' | 'json' | 'chains';

interface Setting<T> {
  group: string;
  kind: ConfigKind;
  schema: z.ZodType<T>;
  defaultValue: T;
  /** Finance may change money settings; only admins change the others. */
  isMoney: boolean;
  /**
   * A setting that governs a control (four eyes, fees, limits, payouts): a staff change of it is a
   * pending change on the settingChange review queue, applied when another staff member approves
   * (docs/decisions/061-four-eyes-frozen-and-settings-maker-checker.md).
   */
  control?: true;
  description: string;
}

/** An IANA time zone this runtime knows (Asia/Shanghai, Asia/Jakarta, UTC). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function setting<T>(s: Setting<T>): Setting<T> {
  return s;
}

export const configRegistry = {
  'features.equityBuyStatus': setting({
    group: 'features',
    kind: 'boolean',
    schema: z.boolean(),
    defaultValue: false,
    isMoney: false,
    description: 'Shows the shares (equity) purchase to members (package-config call).',
  }),
  'features.proofPublic': setting({
    group: 'features',
    kind: 'boolean',
    schema: z.boolean(),
    defaultValue: true,
    isMoney: false,
    description: 'Publishes the proof of liabilities (root, totals, signed document) to anyone; off shows it to signed-in members only (decision 088).',
  }),
  'features.buyPurchaseCodeStatusDefault': setting({
    group: 'features',
    kind: 'boolean',
    schema: z.boolean(),
    defaultValue: false,
    isMoney: false,
    description: 'Whether new members may use the purchase-code rush purchase.',
  }),
  'features.apiReferencePublic': setting({
    group: 'features',
    kind: 'boolean',
    schema: z.boolean(),
    defaultValue: false,
    isMoney: false,
    description: 'Publishes the API reference at /api-reference/ to anyone; staff always read it in the back-office.',
  }),
  'deposit.minimumAmount': setting({
    group: 'deposit',
    kind: 'amount',
    schema: decimal,
    defaultValue: '50',
    isMoney: true,
    description: 'Smallest deposit in USDT (spec: 50).',
  }),
  'deposit.multipleOf': setting({
    group: 'deposit',
    kind: 'amount',
    schema: decimal,
    defaultValue: '0',
    isMoney: true,
    description: 'Deposits must be a multiple of this; 0 means no step (decisions.md).',
  }),
  'deposit.chainsEnabled': setting({
    group: 'deposit',
    kind: 'chains',
    schema: z.array(z.enum(['TRC20', 'BEP20'])).max(2),
    defaultValue: ['TRC20', 'BEP20'] as Array<'TRC20' | 'BEP20'>,
    isMoney: true,
    description: 'On-chain networks members may deposit on.',
  }),
  'deposit.bankRecipient': setting({
    group: 'deposit',
    kind: 'json',
    isMoney: true,
    schema: z.object({ bankName: z.string().max(100), accountName: z.string().max(100), accountNumber: z.string().max(40) }),
    defaultValue: { bankName: 'Demo Bank', accountName: 'Points Portal Ltd.', accountNumber: '6222000011112222' },
    description: 'Bank account members transfer to for a bank deposit.',
  }),
  'deposit.bankCurrency': setting({
    group: 'deposit',
    kind: 'text',
    schema: z.string().regex(/^[A-Z]{3}$/, 'validation.enterValidValue'),
    defaultValue: 'CNY',
    isMoney: true,
    description: 'Currency (ISO 4217 code) members transfer in for a bank deposit.',
  }),
  'deposit.bankRate': setting({
    group: 'deposit',
    kind: 'amount',
    schema: decimal.refine((v) => Number(v) > 0, 'validation.enterValidAmount'),
    defaultValue: '7.2',
    isMoney: true,
    description: 'Units of the bank currency per USD for a bank deposit: the transfer amount is the USD amount times this, rounded up to the cent.',
  }),
  'deposit.bankWindow': setting({
    group: 'deposit',
    kind: 'json',
    isMoney: false,
    schema: z.object({
      from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      timeZone: z.string().min(1).max(64).refine(isTimeZone, 'validation.enterValidValue'),
    }),
    defaultValue: { from: '09:00', to: '21:00', timeZone: 'Asia/Shanghai' },
    description: 'Hours in which bank deposits are reviewed, shown to members (a deposit sent outside them waits for the next window).',
  }),
  'deposit.bankMaximumAmount': setting({
    group: 'deposit',
    kind: 'amount',
    schema: decimal,
    defaultValue: '100000',
    isMoney: true,
    description: 'Largest single bank deposit in USD.',
  }),
  'deposit.bankPendingMax': setting({
    group: 'deposit',
    kind: 'integer',
    schema: z.number().int().min(1).max(20),
    defaultValue: 3,
    isMoney: true,
    description: 'Bank deposits one member may have waiting for review at once.',
  }),
  // Withdrawals and payouts (decision 019).
  'withdrawal.types': setting({
    group: 'withdrawal',
    kind: 'json',
    isMoney: true,
    control: true,
    schema: z
      .array(
        z
          .object({
            withdrawalType: z.string().regex(/^[A-Z0-9_]{2,40}$/),
            channel: z.enum(['chain', 'bank']),
            chain: z.enum(['BEP20', 'TRC20']).nullable(),
            coinName: z.enum(['USDT']),
            feeFixed: decimal,
            feePercent: percent,
            minimum: decimal,
            maximum: decimal,
            multipleOf: decimal,
            currency: z
              .string()
              .regex(/^[A-Z]{3}$/)
              .nullable(),
            rate: decimal.nullable(),
            enabled: z.boolean(),
          })
          .refine((t) => (t.channel === 'chain') === (t.chain !== null), 'validation.enterValidValue')
          .refine((t) => (t.channel === 'bank') === (t.currency !== null && t.rate !== null), 'validation.enterValidValue')
          .refine((t) => Number(t.minimum) > 0 && Number(t.maximum) >= Number(t.minimum), 'validation.enterValidValue'),
      )
      .max(10)
      .refine((types) => new Set(types.map((t) => t.withdrawalType)).size === types.length, 'validation.enterValidValue'),
    defaultValue: [
      {
        withdrawalType: 'USDT_BEP20',
        channel: 'chain',
        chain: 'BEP20',
        coinName: 'USDT',
        feeFixed: '1',
        feePercent: '0',
        minimum: '10',
        maximum: '50000',
        multipleOf: '0',
        currency: null,
        rate: null,
        enabled: true,
      },
      {
        withdrawalType: 'USDT_TRC20',
        channel: 'chain',
        chain: 'TRC20',
        coinName: 'USDT',
        feeFixed: '2',
        feePercent: '0',
        minimum: '10',
        maximum: '50000',
        multipleOf: '0',
        currency: null,
        rate: null,
        enabled: true,
      },
      {
        withdrawalType: 'BANK_CNY',
        channel: 'bank',
        chain: null,
        coinName: 'USDT',
        feeFixed: '0',
        feePercent: '1',
        minimum: '50',
        maximum: '20000',
        multipleOf: '10',
        currency: 'CNY',
        rate: '7.1',
        enabled: true,
      },
    ] as Array<{
      withdrawalType: string;
      channel: 'chain' | 'bank';
      chain: 'BEP20' | 'TRC20' | null;
      coinName: 'USDT';
      feeFixed: string;
      feePercent: string;
      minimum: string;
      maximum: string;
      multipleOf: string;
      currency: string | null;
      rate: string | null;
      enabled: boolean;
    }>,
    description:
      'Withdrawal types members may use (on chain per network, or to a bank): fee (fixed plus percent), minimum, maximum and step; a bank type pays in its currency at its rate.',
  }),
  'withdrawal.pendingMax': setting({
    group: 'withdrawal',
    kind: 'integer',
    schema: z.number().int().min(1).max(20),
    defaultValue: 3,
    isMoney: true,
    control: true,
    description: 'Withdrawals one member may have waiting (not yet paid or rejected) at once.',
  }),
  'withdrawal.autoPayout': setting({
    group: 'withdrawal',
    kind: 'boolean',
    schema: z.boolean(),
    defaultValue: true,
    isMoney: true,
    control: true,
    description: 'The payout job pays approved BEP20 withdrawals from the hot wallet (when one is configured), within the limits below.',
  }),
  'withdrawal.hotWalletPayoutMax': setting({
    group: 'withdrawal',
    kind: 'amount',
    schema: decimal,
    defaultValue: '2000',
    isMoney: true,
    control: true,
    description: 'Largest single payout the hot wallet sends; larger orders are paid manually.',
  }),
  'withdrawal.hotWalletDailyMax': setting({
    group: 'withdrawal',
    kind: 'amount',
    schema: decimal,
    defaultValue: '20000',
    isMoney: true,
    control: true,
    description: 'Most the hot wallet sends in any 24 hours; past it orders wait or are paid manually.',
  }),
  'withdrawal.payoutConfirmations': setting({
    group: 'withdrawal',
    kind: 'integer',
    schema: z.number().int().min(1).max(1000),
    defaultValue: 3,
    isMoney: true,
    control: true,
    description: 'Confirmations a payout transaction (hot wallet or pasted hash) needs before the order is marked paid.',
  }),
  // Bank accounts and withdrawal addresses (decision 015): security settings, so admins only.
  'withdrawal.addressCoolingOffHours': setting({
    group: 'withdrawal',
    kind: 'integer',
    schema: z.number().int().min(0).max(720),
    defaultValue: 24,
    // A withdrawal control like the pending limit: finance may ask for a change and another
    // finance member approve it. As an admin-only setting, a change needed a second admin, whom
    // no new installation has and whose new account may not approve for days.
    isMoney: true,
    control: true,
    description: 'Hours after a wallet address or bank account is added or changed before a withdrawal may use it (0 to 720).',
  }),
  'withdrawal.bankAccountsMax': setting({
    group: 'withdrawal',
    kind: 'integer',
    schema: z.number().int().min(1).max(20),
    defaultValue: 5,
    isMoney: false,
    description: 'Bank accounts a member may keep (1 to 20).',
  }),
  'withdrawal.addressesMax': setting({
    group: 'withdrawal',
    kind: 'integer',
    schema: z.number().int().min(1).max(50),
    defaultValue: 10,
    isMoney: false,
    description: 'Wallet addresses a member may keep, both chains together (1 to 50).',
  }),
  // Packages: jackpot draws (decision 020).
  'jackpot.sharePercent': setting({
    group: 'package',
    kind: 'percent',
    schema: percent,
    defaultValue: '20',
    isMoney: true,
    description: 'Share of every package purchase fee that goes to the jackpot pool instead of the platform.',
  }),
  'jackpot.prizePercent': setting({
    group: 'package',
    kind: 'percent',
    schema: percent,
    defaultValue: '50',
    isMoney: true,
    description: 'Share of the jackpot pool a draw pays out, split equally among its winners.',
  }),
  'jackpot.winnersPerDraw': setting({
    group: 'package',
    kind: 'integer',
    schema: z.number().int().min(1).max(100),
    defaultValue: 3,
    isMoney: true,
    description: 'Winners of each jackpot draw (1 to 100).',
  }),
  'exchange.types': setting({
    group: 'exchange',
    kind: 'json',
    isMoney: true,
    control: true,
    schema: z
      .array(
        z
          .object({
            exchangeType: z.string().regex(/^[A-Z0-9_]{2,40}$/),
            sourceCoin: z.enum(['USDT', 'ASSETS_POINT', 'REWARD_POINT']),
            targetCoin: z.enum(['USDT', 'ASSETS_POINT', 'REWARD_POINT']),
            rate: decimal,
            feePercent: percent,
            minimum: decimal,
            multipleOf: decimal,
          })
          .refine((t) => t.sourceCoin !== t.targetCoin, 'validation.enterValidValue'),
      )
      .max(20),
    defaultValue: [
      { exchangeType: 'USDT_TO_ASSETS', sourceCoin: 'USDT', targetCoin: 'ASSETS_POINT', rate: '1', feePercent: '2', minimum: '10', multipleOf: '1' },
      { exchangeType: 'REWARD_TO_USDT', sourceCoin: 'REWARD_POINT', targetCoin: 'USDT', rate: '1', feePercent: '5', minimum: '10', multipleOf: '0' },
    ] as Array<{
      exchangeType: string;
      sourceCoin: 'USDT' | 'ASSETS_POINT' | 'REWARD_POINT';
      targetCoin: 'USDT' | 'ASSETS_POINT' | 'REWARD_POINT';
      rate: string;
      feePercent: string;
      minimum: string;
      multipleOf: string;
    }>,
    description: 'Exchange types members may use: source and target points, rate, fee, minimum and step.',
  }),
  'exchange.autoApproveBelow': setting({
    group: 'exchange',
    kind: 'amount',
    schema: decimal,
    defaultValue: '0',
    isMoney: true,
    control: true,
    description: 'An exchange whose amount (in its source points) is below this is approved at once, without staff review; 0 sends every exchange to review.',
  }),
  'transfer.coins': setting({
    group: 'transfer',
    kind: 'json',
    isMoney: true,
    schema: z.array(z.enum(['USDT', 'ASSETS_POINT', 'REWARD_POINT'])).max(3),
    defaultValue: ['USDT', 'ASSETS_POINT'] as Array<'USDT' | 'ASSETS_POINT' | 'REWARD_POINT'>,
    description: 'Point types members may transfer to each other.',
  }),
  'transfer.minimumAmount': setting({
    group: 'transfer',
    kind: 'amount',
    schema: decimal,
    defaultValue: '1',
    isMoney: true,
    description: 'Smallest member-to-member transfer.',
  }),
  'transfer.feePercent': setting({
    group: 'transfer',
    kind: 'percent',
    schema: percent,
    defaultValue: '1',
    isMoney: true,
    control: true,
    description: 'Fuel fee on a transfer, paid by the sender on top of the amount.',
  }),
  'transfer.bonusPercent': setting({
    group: 'transfer',
    kind: 'percent',
    schema: percent,
    defaultValue: '0',
    isMoney: true,
    control: true,
    description: 'Bonus paid by the platform to the recipient, as a percentage of the amount.',
  }),
  'reviews.fourEyesAmount': setting({
    group: 'reviews',
    kind: 'amount',
    schema: decimal,
    defaultValue: '1000',
    isMoney: true,
    control: true,
    description: 'Above this amount an approval needs a second, different finance staff member.',
  }),
  'dashboard.timeZone': setting({
    group: 'dashboard',
    kind: 'text',
    schema: z.string().min(1).max(64).refine(isTimeZone, 'validation.enterValidValue'),
    defaultValue: 'Asia/Shanghai',
    isMoney: false,
    description: 'IANA time zone the dashboard charts cut days in (decision 042).',
  }),
  'security.txPasswordFailuresMax': setting({
    group: 'security',
    kind: 'integer',
    schema: z.number().int().min(1).max(20),
    defaultValue: 5,
    isMoney: false,
    description: 'Wrong transaction passwords before money actions lock.',
  }),
  'security.txPasswordLockMinutes': setting({
    group: 'security',
    kind: 'integer',
    schema: z.number().int().min(1).max(1440),
    defaultValue: 15,
    isMoney: false,
    description: 'How long money actions stay locked.',
  }),
  'support.hours': setting({
    group: 'support',
    kind: 'json',
    isMoney: false,
    schema: z.object({
      from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      timeZone: z.string().min(1).max(64).refine(isTimeZone, 'validation.enterValidValue'),
    }),
    defaultValue: { from: '09:00', to: '21:00', timeZone: 'Asia/Shanghai' },
    description: 'Hours in which staff answer the support chat, shown to members in the chat and the help centre.',
  }),
  'support.typicalReplyMinutes': setting({
    group: 'support',
    kind: 'integer',
    schema: z.number().int().min(1).max(1440),
    defaultValue: 30,
    isMoney: false,
    description: 'How long a reply usually takes within the support hours, shown to members.',
  }),
  'support.liveChatScript': setting({
    group: 'support',
    kind: 'text',
    schema: z.string().max(2000),
    defaultValue: '',
    isMoney: false,
    description: 'Optional third-party live-chat widget URL; empty uses the built-in chat.',
  }),
} as const;

export type ConfigKey = keyof typeof configRegistry;

/** Whether staff changes of a setting wait for a second staff member's approval (decision 061). */
export function isControl(key: ConfigKey): boolean {
  return (configRegistry[key] as Setting<unknown>).control === true;
}

/**
 * Rules across settings, checked on every staff change and again when a pending change is applied
 * (decision 061), against the other settings as they are then. Each answers a validation key.
 */
export const crossFieldRules: Array<{ keys: readonly ConfigKey[]; check(value: (key: ConfigKey) => unknown): string | null }> = [
  {
    // A bonus above the fee makes money: two members sending points back and forth would grow
    // them by (bonus - fee) of every transfer, paid by the platform.
    keys: ['transfer.feePercent', 'transfer.bonusPercent'],
    check: (value) => (Number(value('transfer.bonusPercent')) > Number(value('transfer.feePercent')) ? 'validation.bonusAboveFee' : null),
  },
];
export type ConfigValue<K extends ConfigKey> = (typeof configRegistry)[K]['defaultValue'];

export function isConfigKey(key: string): key is ConfigKey {
  return Object.hasOwn(configRegistry, key);
}
