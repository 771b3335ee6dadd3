/**
 * Finance tools of the back-office: the books for the accountant (trial balance and journal,
 * decision 090) and the bank reconciliation (statement import, matching, resolution and the
 * day's four-eyes sign-off, decision 091).
 */
import { z } from 'zod';

/** A UTC calendar day, as `YYYY-MM-DD`; the books and the reconciliation count days in UTC. */
export const financeDay = z
  .string('validation.invalidDate')
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'validation.invalidDate')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'validation.invalidDate');

/** The longest period one trial balance covers (days, both ends counted). */
export const trialBalanceDaysMax = 366;
/** The longest period one journal export covers (days, both ends counted). */
export const journalDaysMax = 31;
/** The most journal rows one export carries; a longer period is refused (`finance.journalTooLarge`). */
export const journalRowsMax = 50_000;

export const booksPeriodRequest = z.object({ from: financeDay, to: financeDay });

/** One row of the trial balance: an account class (owner kind and purpose, stripes summed), a point type, a transfer code. */
export const trialBalanceRow = z.object({
  coinName: z.string(),
  /** `member:available`, `member:fixed`, `system:fees`, ... */
  accountClass: z.string(),
  code: z.string(),
  /** Posted balance (credits − debits) before the period, decimal string at scale 6, signed. */
  opening: z.string(),
  debits: z.string(),
  credits: z.string(),
  closing: z.string(),
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRow>;

export const trialBalanceResponse = z.object({
  from: financeDay,
  to: financeDay,
  rows: z.array(trialBalanceRow),
  /** Per point type, the period's debits and credits (always equal: double entry). */
  totals: z.array(z.object({ coinName: z.string(), debits: z.string(), credits: z.string() })),
  /** The same table as CSV, for the accountant. */
  csv: z.string(),
});
export type TrialBalance = z.infer<typeof trialBalanceResponse>;

export const journalExportResponse = z.object({ from: financeDay, to: financeDay, rowCount: z.number(), csv: z.string() });

// Bank reconciliation.

/** The largest statement file one import takes (characters of its text). */
export const bankStatementCharsMax = 600_000;
/** The most lines (CSV rows or CAMT entries) one statement may hold. */
export const bankStatementLinesMax = 5_000;

const mappingColumn = z.string().trim().min(1, 'validation.enterReason').max(64);
export const bankMappingBody = z.object({
  bankName: z.string('validation.enterReason').trim().min(1, 'validation.enterReason').max(64),
  delimiter: z.enum([',', ';', '\t']),
  decimalSeparator: z.enum(['.', ',']),
  /** How the date column is written. */
  dateFormat: z.enum(['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY']),
  dateColumn: mappingColumn,
  amountColumn: mappingColumn,
  referenceColumn: mappingColumn,
  counterpartyColumn: mappingColumn,
});
export const bankMappingSaveRequest = bankMappingBody;
export const bankMapping = bankMappingBody.extend({ id: z.string(), updatedAt: z.number() });
export type BankMapping = z.infer<typeof bankMapping>;
export const bankMappingListResponse = z.array(bankMapping);

/** A CSV statement names its bank's saved mapping; a CAMT.053 file describes itself. The server refuses a CSV without one. */
export const statementImportRequest = z.object({
  format: z.enum(['csv', 'camt053']),
  mappingId: z.string().max(64).optional(),
  fileName: z.string().max(200),
  content: z.string('validation.chooseFile').min(1, 'validation.chooseFile').max(bankStatementCharsMax, 'validation.fileTooLarge'),
});
export const statementImportResponse = z.object({
  statementId: z.string(),
  lines: z.number(),
  matched: z.number(),
  /** Lines already imported from another statement (the same bank entry), skipped. */
  duplicateLines: z.number(),
  days: z.array(financeDay),
});

export const reconLineStatuses = ['unmatched', 'matched', 'linked', 'explained', 'reversal'] as const;
export const reconRecordTypes = ['deposit', 'payout'] as const;
export const reconLine = z.object({
  id: z.string(),
  statementId: z.string(),
  bookingDay: financeDay,
  direction: z.enum(['credit', 'debit']),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  counterparty: z.string(),
  status: z.enum(reconLineStatuses),
  recordType: z.enum(reconRecordTypes).nullable(),
  recordId: z.string().nullable(),
  recordNumber: z.string().nullable(),
  note: z.string(),
});
export type ReconLine = z.infer<typeof reconLine>;
export const reconRecord = z.object({
  type: z.enum(reconRecordTypes),
  id: z.string(),
  number: z.string(),
  memberName: z.string(),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  at: z.number(),
});
export type ReconRecord = z.infer<typeof reconRecord>;
export const reconDayRequest = z.object({ day: financeDay });
export const reconDayResponse = z.object({
  day: financeDay,
  status: z.enum(['open', 'awaitingSignOff', 'signedOff']),
  reviewId: z.string().nullable(),
  lines: z.array(reconLine),
  /** Bank deposits approved and bank payouts paid on the day that no line matches. */
  unmatchedRecords: z.array(reconRecord),
});
export type ReconDay = z.infer<typeof reconDayResponse>;

/** `link` takes recordType and recordId; `explain` takes the note (the server refuses the other shape). Both keep the note when given. */
export const reconResolveRequest = z.object({
  action: z.enum(['link', 'explain']),
  lineId: z.string().min(1).max(64),
  recordType: z.enum(reconRecordTypes).optional(),
  recordId: z.string().max(64).optional(),
  note: z.string().trim().max(500, 'validation.reasonTooLong').default(''),
});
export const reconResolveResponse = z.object({ lineId: z.string(), status: z.enum(reconLineStatuses) });
export const reconSignOffRequest = z.object({ day: financeDay });
export const reconSignOffResponse = z.object({ day: financeDay, reviewId: z.string() });
