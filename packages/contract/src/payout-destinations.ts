/**
 * Where a member's withdrawals may go (decision 015): bank accounts and wallet (withdrawal)
 * addresses on BEP20 or TRC20. A new or changed one can be used for a withdrawal only from
 * `usableFrom` on (the configured cooling-off); adding or changing one needs the transaction
 * password. Messages are i18n keys under `validation.`.
 */
import { z } from 'zod';
import { addressCharsMax, addressProblemKeys, checkChainAddress, withdrawalChains } from './chain-address.ts';

export const payoutDestinationLimits = {
  bankNameCharsMax: 100,
  accountNameCharsMax: 100,
  /** Letters and digits of an account number once spaces and dashes are gone (an IBAN has at most 34). */
  accountNumberCharsMin: 6,
  accountNumberCharsMax: 34,
  /** Characters of an account number as typed, with its spaces and dashes. */
  accountNumberInputCharsMax: 60,
  addressCharsMax,
} as const;

/**
 * Text without control characters, bidirectional marks and overrides (U+200E/F, U+202A–202E,
 * U+2066–2069, U+061C) and other invisible format characters (zero widths, U+FEFF): nothing a
 * name needs, and what makes `receipt\u202Egpj.html` read as `receipthtml.jpg`. Bank names are
 * refused when this changes them (decision 015); an upload's file label is kept without them.
 */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '');
}

const transactionPassword = z
  .string('validation.enterTransactionPassword')
  .min(1, 'validation.enterTransactionPassword')
  .max(128, 'validation.enterTransactionPassword');
const destinationId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

const plainText = (emptyKey: string, charsMax: number) =>
  z
    .string(emptyKey)
    .trim()
    .min(1, emptyKey)
    .max(charsMax, 'validation.textTooLong')
    .refine((v) => withoutInvisibleCharacters(v) === v, 'validation.invalidCharacters');

/** Spaces and dashes are for reading; the number is its letters (upper case) and digits. */
export function normalizeAccountNumber(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

const accountNumber = z
  .string('validation.enterAccountNumber')
  .trim()
  .min(1, 'validation.enterAccountNumber')
  .max(payoutDestinationLimits.accountNumberInputCharsMax, 'validation.accountNumberInvalid')
  .transform(normalizeAccountNumber)
  .refine(
    (v) => /^[A-Z0-9]+$/.test(v) && v.length >= payoutDestinationLimits.accountNumberCharsMin && v.length <= payoutDestinationLimits.accountNumberCharsMax,
    'validation.accountNumberInvalid',
  );

const bankAccountFields = {
  bankName: plainText('validation.enterBankName', payoutDestinationLimits.bankNameCharsMax),
  accountName: plainText('validation.enterAccountName', payoutDestinationLimits.accountNameCharsMax),
  accountNumber,
  transactionPassword,
};
export const bankAccountAddRequest = z.object(bankAccountFields);
export type BankAccountAddRequest = z.infer<typeof bankAccountAddRequest>;
export const bankAccountUpdateRequest = z.object({ id: destinationId, ...bankAccountFields });
export type BankAccountUpdateRequest = z.infer<typeof bankAccountUpdateRequest>;
export const destinationDeleteRequest = z.object({ id: destinationId });

/** When a destination may be used: `usableFrom` (ms since the epoch); `isUsable` as the server's clock saw it. */
const usable = {
  createdAt: z.number(),
  updatedAt: z.number(),
  usableFrom: z.number(),
  isUsable: z.boolean(),
};
export const bankAccountEntry = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** Letters and digits only; shown grouped in fours (groupBankNumber). */
  accountNumber: z.string(),
  ...usable,
});
export type BankAccountEntry = z.infer<typeof bankAccountEntry>;
export const bankAccountListResponse = z.object({
  items: z.array(bankAccountEntry),
  /** How many bank accounts a member may keep. */
  limit: z.number(),
  coolingOffHours: z.number(),
});

const walletAddress = z.string('validation.enterWalletAddress').max(addressCharsMax, 'validation.addressInvalid');
const chain = z.enum(withdrawalChains, 'validation.chooseChain');

/** The address must pass its chain's check; the server stores the checked form (checkChainAddress: EIP-55 case for BEP20). */
function addressMatchesChain(value: { chain: (typeof withdrawalChains)[number]; address: string }, ctx: z.RefinementCtx): void {
  const check = checkChainAddress(value.chain, value.address);
  if (!check.isValid) ctx.addIssue({ code: 'custom', path: ['address'], message: addressProblemKeys[check.problem] });
}

export const withdrawalAddressAddRequest = z.object({ chain, address: walletAddress, transactionPassword }).superRefine(addressMatchesChain);
export type WithdrawalAddressAddRequest = z.infer<typeof withdrawalAddressAddRequest>;
export const withdrawalAddressUpdateRequest = z
  .object({ id: destinationId, chain, address: walletAddress, transactionPassword })
  .superRefine(addressMatchesChain);
export type WithdrawalAddressUpdateRequest = z.infer<typeof withdrawalAddressUpdateRequest>;

export const withdrawalAddressEntry = z.object({
  id: z.string(),
  chain: z.enum(withdrawalChains),
  address: z.string(),
  ...usable,
});
export type WithdrawalAddressEntry = z.infer<typeof withdrawalAddressEntry>;
export const withdrawalAddressListResponse = z.object({
  items: z.array(withdrawalAddressEntry),
  /** How many addresses a member may keep, both chains together. */
  limit: z.number(),
  coolingOffHours: z.number(),
});
