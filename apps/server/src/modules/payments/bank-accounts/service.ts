/**
 * A member's bank accounts for bank withdrawals (decision 015): the shared destination rules
 * (modules/payments/addresses/destination-service.ts) with a bank name, a holder name and a number kept as
 * letters and digits (shown in groups of four, masked in e-mails); a member has each number once;
 * at most `withdrawal.bankAccountsMax`.
 */
import type { BankAccountAddRequest, BankAccountEntry } from '@pp/contract';
import type { Db, Dialect } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import type { MemberBankAccountsTable } from '../../../db/schema.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { SecurityService } from '../../identity/security/index.ts';
import { maskedAccountNumber } from '../addresses/index.ts';
import { DestinationService, type DestinationSpec } from '../addresses/index.ts';

type Row = MemberBankAccountsTable;
type Input = Pick<BankAccountAddRequest, 'bankName' | 'accountName' | 'accountNumber'>;

const bankAccountSpec: DestinationSpec<Row, BankAccountEntry, Input> = {
  kind: 'bankAccount',
  table: 'member_bank_accounts',
  maxSetting: 'withdrawal.bankAccountsMax',
  fieldsOf: (input) => ({ bank_name: input.bankName, account_name: input.accountName, account_number: input.accountNumber }),
  isSameDestination: (row, fields) => row.account_number === fields.account_number,
  entryOf: (row) => ({ bankName: row.bank_name, accountName: row.account_name, accountNumber: row.account_number }),
  snapshot: (row) => ({ bankName: row.bank_name, accountName: row.account_name, accountNumber: row.account_number, usableFrom: num(row.usable_from) }),
  // In an e-mail the number shows only its last four characters.
  mailDetail: (row) => `${row.bank_name}, ${row.account_name}, ${maskedAccountNumber(row.account_number)}`,
};

export class BankAccountService extends DestinationService<Row, BankAccountEntry, Input> {
  constructor(db: Db, dialect: Dialect, accounts: AccountService, settings: ConfigService, security: SecurityService, now: () => number = Date.now) {
    super(bankAccountSpec, db, dialect, accounts, settings, security, now);
  }
}
