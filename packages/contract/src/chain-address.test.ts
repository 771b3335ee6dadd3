// Proves the withdrawal address checks with fixed vectors: EIP-55's own examples (valid, one case flipped, all lower and all upper case), real TRON addresses (the USDT and USDC TRC20 contracts) and TRON addresses computed here independently from known 41… hex, each chain's address given for the other chain, bad checksums, wrong lengths and characters outside base58.
import { describe, expect, it } from 'vitest';
import { bankAccountAddRequest, withdrawalAddressAddRequest } from './payout-destinations.ts';
import { checkChainAddress, checkEvmAddress, checkTronAddress, toChecksumAddress, tronAddressFromHex } from './chain-address.ts';

/** The examples of EIP-55 itself (eips.ethereum.org/EIPS/eip-55), all valid with their checksum. */
const eip55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  // USDT's BEP20 contract on BNB Smart Chain.
  '0x55d398326f99059fF775485246999027B3197955',
];

/**
 * Real TRON addresses with their 41… hex form. The first two are the USDT and USDC TRC20
 * contracts as TRON's explorers show them; the last two were computed for this test with Python's
 * hashlib (double SHA-256) and a hand-written base58, not with the code under test.
 */
const tron = [
  { base58: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', hex: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c' },
  { base58: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', hex: '413487b63d30b5b2c87fb7ffa8bcfade38eaac1abe' },
  { base58: 'THo1vD7An9SWN7aoHiXKRVMnweBaapiNpp', hex: '4155d398326f99059ff775485246999027b3197955' },
  { base58: 'TJEh7TX8sNj5uq4hXKyYdTrnGmeeG48top', hex: '415aaeb6053f3e94c9b9a09f33669435e7ef1beaed' },
];

/** Flips the case of the first letter after 0x: the EIP-55 checksum then fails. */
function flipOneLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i]!;
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
}

describe('BEP20 (EIP-55)', () => {
  it.each(eip55)('accepts %s as it is', (address) => {
    expect(checkChainAddress('BEP20', address)).toEqual({ isValid: true, address });
    expect(toChecksumAddress(address.slice(2))).toBe(address);
  });

  it.each(eip55)('refuses %s with one letter in the wrong case', (address) => {
    expect(checkChainAddress('BEP20', flipOneLetter(address))).toEqual({ isValid: false, problem: 'checksum' });
  });

  it('takes all lower case and all upper case (no checksum to check) and answers the checksummed form', () => {
    for (const address of eip55) {
      expect(checkChainAddress('BEP20', address.toLowerCase())).toEqual({ isValid: true, address });
      expect(checkChainAddress('BEP20', `0x${address.slice(2).toUpperCase()}`)).toEqual({ isValid: true, address });
    }
    // EIP-55's own all-caps and all-lower examples.
    expect(checkEvmAddress('0x52908400098527886E0F7030069857D2E4169EE7').isValid).toBe(true);
    expect(checkEvmAddress('0xde709f2102306220921060314715629080e2fb77').isValid).toBe(true);
  });

  it('ignores blanks around the address, refuses the zero address, wrong lengths, a missing 0x and non-hex characters', () => {
    expect(checkChainAddress('BEP20', `  ${eip55[0]}\n`)).toEqual({ isValid: true, address: eip55[0] });
    expect(checkChainAddress('BEP20', '0x0000000000000000000000000000000000000000')).toEqual({ isValid: false, problem: 'zero' });
    expect(checkChainAddress('BEP20', eip55[0]!.slice(0, 41))).toEqual({ isValid: false, problem: 'malformed' });
    expect(checkChainAddress('BEP20', `${eip55[0]}a`)).toEqual({ isValid: false, problem: 'malformed' });
    expect(checkChainAddress('BEP20', eip55[0]!.slice(2))).toEqual({ isValid: false, problem: 'malformed' });
    expect(checkChainAddress('BEP20', `0X${eip55[0]!.slice(2)}`)).toEqual({ isValid: false, problem: 'malformed' });
    expect(checkChainAddress('BEP20', `0x${'g'.repeat(40)}`)).toEqual({ isValid: false, problem: 'malformed' });
    expect(checkChainAddress('BEP20', `0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe\u0000`)).toEqual({ isValid: false, problem: 'malformed' });
    expect(checkChainAddress('BEP20', '')).toEqual({ isValid: false, problem: 'empty' });
    expect(checkChainAddress('BEP20', '   ')).toEqual({ isValid: false, problem: 'empty' });
    expect(checkChainAddress('BEP20', '0x'.padEnd(5_000, 'a'))).toEqual({ isValid: false, problem: 'malformed' });
  });

  it.each(tron)('calls the TRON address $base58 the wrong chain', ({ base58 }) => {
    expect(checkChainAddress('BEP20', base58)).toEqual({ isValid: false, problem: 'wrongChain' });
  });
});

describe('TRC20 (base58check, version 0x41)', () => {
  it.each(tron)('accepts $base58 and derives it from its hex', ({ base58, hex }) => {
    expect(checkChainAddress('TRC20', base58)).toEqual({ isValid: true, address: base58 });
    expect(tronAddressFromHex(hex)).toBe(base58);
  });

  it.each(tron)('refuses $base58 with one character changed (checksum)', ({ base58 }) => {
    // Changing the last character keeps 25 bytes and the version but breaks the checksum.
    const last = base58[base58.length - 1]!;
    const changed = base58.slice(0, -1) + (last === 'z' ? 'y' : 'z');
    expect(checkTronAddress(changed)).toEqual({ isValid: false, problem: 'checksum' });
    expect(checkChainAddress('TRC20', changed)).toEqual({ isValid: false, problem: 'checksum' });
  });

  it('refuses the zero address, wrong lengths, characters outside base58 and another version byte', () => {
    expect(checkChainAddress('TRC20', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toEqual({ isValid: false, problem: 'zero' });
    expect(checkChainAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toMatchObject({ isValid: false });
    expect(checkChainAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt')).toMatchObject({ isValid: false });
    // 0, O, I and l are not in base58.
    for (const bad of ['0', 'O', 'I', 'l']) {
      expect(checkChainAddress('TRC20', `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6${bad}`)).toMatchObject({ isValid: false });
      expect(checkTronAddress(`TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6${bad}`)).toEqual({ isValid: false, problem: 'malformed' });
    }
    // A Bitcoin address is base58check of 25 bytes too, with version 0x00.
    expect(checkChainAddress('TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toEqual({ isValid: false, problem: 'malformed' });
    expect(checkChainAddress('TRC20', '')).toEqual({ isValid: false, problem: 'empty' });
  });

  it.each(eip55)('calls the EVM address %s the wrong chain, in any case and without 0x', (address) => {
    expect(checkChainAddress('TRC20', address)).toEqual({ isValid: false, problem: 'wrongChain' });
    expect(checkChainAddress('TRC20', address.toLowerCase())).toEqual({ isValid: false, problem: 'wrongChain' });
    expect(checkChainAddress('TRC20', address.slice(2))).toEqual({ isValid: false, problem: 'wrongChain' });
  });

  it('reads a TRON address in hex the same with or without 0x and 41', () => {
    expect(tronAddressFromHex('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(() => tronAddressFromHex('41a614')).toThrow();
  });
});

describe('request schemas', () => {
  const password = { transactionPassword: 'x' };
  it('gives the spec messages for the wallet form', () => {
    const issue = (body: object) => {
      const result = withdrawalAddressAddRequest.safeParse(body);
      return result.success ? null : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
    };
    expect(issue({ chain: 'TRC20', address: eip55[0], ...password })).toEqual({ path: 'address', message: 'validation.addressWrongChain' });
    expect(issue({ chain: 'BEP20', address: tron[0]!.base58, ...password })).toEqual({ path: 'address', message: 'validation.addressWrongChain' });
    expect(issue({ chain: 'BEP20', address: flipOneLetter(eip55[0]!), ...password })).toEqual({ path: 'address', message: 'validation.addressChecksum' });
    expect(issue({ chain: 'BEP20', address: '', ...password })).toEqual({ path: 'address', message: 'validation.enterWalletAddress' });
    expect(issue({ address: eip55[0], ...password })).toEqual({ path: 'chain', message: 'validation.chooseChain' });
    expect(issue({ chain: 'ERC20', address: eip55[0], ...password })).toEqual({ path: 'chain', message: 'validation.chooseChain' });
    expect(issue({ chain: 'BEP20', address: eip55[0] })).toEqual({ path: 'transactionPassword', message: 'validation.enterTransactionPassword' });
    expect(issue({ chain: 'BEP20', address: eip55[0], ...password })).toBeNull();
  });

  it('normalizes the bank account number and refuses invisible characters in names', () => {
    const parsed = bankAccountAddRequest.parse({ bankName: ' Bank Central Asia ', accountName: 'Budi', accountNumber: '1234 5678-90ab', ...password });
    expect(parsed).toMatchObject({ bankName: 'Bank Central Asia', accountNumber: '1234567890AB' });
    const message = (body: object) => {
      const result = bankAccountAddRequest.safeParse({ bankName: 'B', accountName: 'A', accountNumber: '12345678', ...password, ...body });
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(message({ accountNumber: '12345' })).toBe('validation.accountNumberInvalid');
    expect(message({ accountNumber: '1'.repeat(35) })).toBe('validation.accountNumberInvalid');
    expect(message({ accountNumber: '1234 5678 #9' })).toBe('validation.accountNumberInvalid');
    expect(message({ accountNumber: '' })).toBe('validation.enterAccountNumber');
    expect(message({ bankName: '  ' })).toBe('validation.enterBankName');
    expect(message({ accountName: '' })).toBe('validation.enterAccountName');
    expect(message({ accountName: 'Eve\u202Egnp.exe' })).toBe('validation.invalidCharacters');
    expect(message({ bankName: 'Bank\u0000' })).toBe('validation.invalidCharacters');
    expect(message({ bankName: 'B'.repeat(101) })).toBe('validation.textTooLong');
    expect(message({ bankName: '中国工商银行' })).toBeNull();
  });
});
