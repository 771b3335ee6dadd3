/** The bank accounts module's entry (decision 015, issue 32): what withdrawals use. */
export { type BankAccountService } from './service.ts';
