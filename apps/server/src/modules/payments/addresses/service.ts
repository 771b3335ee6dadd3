/**
 * A member's wallet (withdrawal) addresses on BEP20 and TRC20 (decision 015): the shared
 * destination rules (destination-service.ts) with a chain and an address, checked with EIP-55 or
 * TRON base58check and stored in that form; a member has each (chain, address) once; at most
 * `withdrawal.addressesMax`.
 */
import { checkChainAddress, type WithdrawalAddressAddRequest, type WithdrawalAddressEntry, type WithdrawalChain } from '@pp/contract';
import type { Db, Dialect } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import type { MemberWithdrawalAddressesTable } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { SecurityService } from '../../identity/security/index.ts';
import { DestinationService, type DestinationSpec } from './destination-service.ts';

type Row = MemberWithdrawalAddressesTable;
type Input = Pick<WithdrawalAddressAddRequest, 'chain' | 'address'>;

const addressSpec: DestinationSpec<Row, WithdrawalAddressEntry, Input> = {
  kind: 'address',
  table: 'member_withdrawal_addresses',
  maxSetting: 'withdrawal.addressesMax',
  fieldsOf: (input) => ({ chain: input.chain, address: checkedAddress(input.chain, input.address) }),
  isSameDestination: (row, fields) => row.chain === fields.chain && row.address === fields.address,
  entryOf: (row) => ({ chain: row.chain as WithdrawalChain, address: row.address }),
  snapshot: (row) => ({ chain: row.chain, address: row.address, usableFrom: num(row.usable_from) }),
  mailDetail: (row) => `${row.chain} ${row.address}`,
};

export class AddressService extends DestinationService<Row, WithdrawalAddressEntry, Input> {
  constructor(db: Db, dialect: Dialect, accounts: AccountService, settings: ConfigService, security: SecurityService, now: () => number = Date.now) {
    super(addressSpec, db, dialect, accounts, settings, security, now);
  }
}

/** The form to store; the request schema already refused anything that does not pass. */
function checkedAddress(chain: WithdrawalChain, text: string): string {
  const check = checkChainAddress(chain, text);
  if (!check.isValid) throw new AppError('request.invalid', undefined, 'address', 'validation.addressInvalid');
  return check.address;
}
