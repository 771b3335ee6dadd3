// Proves the replay rules agree with the endpoint table: an endpoint is `keyed` in the rules
// exactly when the contract declares it a keyed write (its request carries a requestId), so the
// rule the server's gate reads and the key the kit sends cannot drift apart.
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from './endpoints.ts';
import { replayRules } from './replay-rules.ts';

const names = Object.keys(endpoints) as EndpointName[];

describe('replay rules', () => {
  it('name every endpoint and nothing else', () => {
    expect(Object.keys(replayRules).sort()).toEqual([...names].sort());
  });

  it('call an endpoint keyed exactly when the contract keys it', () => {
    const disagree = names.filter((name) => (replayRules[name].rule === 'keyed') !== endpoints[name].keyed);
    expect(disagree).toEqual([]);
  });

  it('say why for every endpoint that relies on being idempotent', () => {
    const silent = names.filter((name) => replayRules[name].rule === 'idempotent' && !replayRules[name].why);
    expect(silent).toEqual([]);
  });
});
