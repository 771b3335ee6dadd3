/**
 * Prints the table of docs/protocol.md "Why a replay changes nothing": every endpoint of the
 * contract with why the same sealed request sent again, after the nonce store forgot its nonce,
 * changes nothing. The rule of each endpoint is the contract's (packages/contract/src/replay-rules.ts),
 * the one the server's route gate reads. Run: node --import tsx scripts/replay-table.ts
 * What the table says is checked by apps/server/src/plugins/replay-forgotten-nonce.int.test.ts.
 */
import { endpoints, replayRules, type EndpointName } from '@pp/contract';

const because = {
  keyed: 'keyed once (request id): a second send gets the first answer',
  read: "read-only; the answer is sealed to the sender's key",
  oncePerSend: 'once per send: its nonce is recorded in the database before the work, so the same send is refused',
  idempotent: 'naturally idempotent',
} as const;

export function whyReplayIsHarmless(name: EndpointName): string {
  const { rule, why } = replayRules[name];
  return rule === 'idempotent' && why ? `${because.idempotent}: ${why}` : because[rule];
}

export function replayTable(): string {
  const rows = (Object.keys(endpoints) as EndpointName[]).map((name) => `| \`${name}\` | \`${endpoints[name].path}\` | ${whyReplayIsHarmless(name)} |`);
  return ['| endpoint | path | why a replay changes nothing |', '|---|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(replayTable());
