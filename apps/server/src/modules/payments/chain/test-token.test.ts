// Proves the committed test-token artifact is what solc makes of TestToken.sol today.
import { describe, expect, it } from 'vitest';
import { compileToken, tokenArtifact } from '../../../../test/chain-token.ts';

describe('test token artifact', () => {
  it('matches a fresh compile of the Solidity source', async () => {
    const fresh = await compileToken();
    const committed = tokenArtifact();
    expect(fresh.compiler).toBe(committed.compiler);
    expect(fresh.abi).toEqual(committed.abi);
    expect(fresh.bytecode).toBe(committed.bytecode);
  }, 120_000);
});
