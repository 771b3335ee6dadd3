/**
 * What the withdrawal payouts need from a chain (decision 019): the hot wallet's send path
 * (BEP20 only) and the check of a transaction hash staff paste after paying from their own wallet
 * (BEP20 and TRC20, over JSON-RPC). Amounts here are the platform's minor units (scale 6); the
 * implementation scales them to the token's decimals. Implemented with viem in payout-chain-viem.ts.
 */
export type TransferCheck =
  | { ok: true; blockNumber: bigint; confirmations: number }
  | { ok: false; reason: 'notFound' | 'reverted' | 'mismatch' | 'unconfirmed' | 'tooOld'; confirmations?: number; need?: number };

export interface PayoutChainReader {
  readonly chain: 'BEP20' | 'TRC20';
  /**
   * Checks that `txHash` succeeded, has at least `confirmations` confirmations (its own block
   * counts as one), and holds a Transfer log of the configured token to `to` (the address as the
   * member saved it: EIP-55 or TRON base58check) of exactly `amountMinor` (scale 6).
   * With `notBeforeMs`, its block must be no older than that (ms since the epoch): a transfer
   * made before the withdrawal was requested cannot be its payout ('tooOld').
   * Throws (any error) only when the node cannot be reached.
   */
  checkTransfer(txHash: `0x${string}`, to: string, amountMinor: bigint, confirmations: number, notBeforeMs?: number): Promise<TransferCheck>;
}

export interface HotWallet {
  readonly chain: 'BEP20';
  /** The hot wallet's address (EIP-55). */
  readonly address: string;
  /**
   * Signs, without sending, a transfer of `amountMinor` (scale 6) of the token to `to` at the
   * wallet's next nonce (the node's pending count). The caller stores the raw transaction and
   * hash before calling `broadcast`.
   */
  prepareTransfer(to: string, amountMinor: bigint): Promise<{ rawTx: `0x${string}`; txHash: `0x${string}`; nonce: number }>;
  /** Sends a signed transaction; sending the same bytes again is harmless (a node that already has it is not an error). */
  broadcast(rawTx: `0x${string}`): Promise<void>;
  /** Token (scale 6, truncated) and native gas-coin (wei) balances of the hot wallet. */
  balances(): Promise<{ tokenMinor: bigint; gasWei: bigint }>;
}
