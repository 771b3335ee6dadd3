/**
 * Where a withdrawal may go, as the withdraw page needs it: the member's saved wallet addresses
 * and bank accounts come from their own features (composed in app/routes), reduced to what a
 * choice shows. `isUsable` is the server's word (past the cooling-off).
 */
import type { ReactNode } from 'react';
import type { BankAccountEntry, WithdrawalAddressEntry } from '@pp/contract';

export interface DestinationList<T> {
  items: readonly T[] | undefined;
  coolingOffHours: number | undefined;
  isError: boolean;
  retry: () => void;
}

export interface WithdrawalDestinations {
  addresses: DestinationList<WithdrawalAddressEntry>;
  bankAccounts: DestinationList<BankAccountEntry>;
  /** The add-an-address form (the addresses feature's own), shown in a dialog; `close` ends it, saved or not. */
  renderAddAddress: (close: () => void) => ReactNode;
}

/** "0x5aAeb605…Ef1BeAed": enough of both ends to recognise an address; the full one is a click away. */
export function shortAddress(address: string): string {
  return address.length <= 20 ? address : `${address.slice(0, 10)}…${address.slice(-8)}`;
}
