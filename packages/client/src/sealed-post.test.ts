// The sealed POST dates its requests by the server's clock (decision 086): a refusal that asks
// for it (a clock off, a nonce store that forgot) is sealed again at once with a new nonce and the
// time it names; anything else is answered as it came.
import { describe, expect, it } from 'vitest';
import { timeAheadMsMax } from '@pp/envelope';
import { sealedPost, serverClock, type ServerKey } from './sealed-post.ts';

const pair = (await globalThis.crypto.subtle.generateKey({ name: 'X25519' }, true, ['deriveBits'])) as CryptoKeyPair;
const jwk = (await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey)) as { x: string };
const key: ServerKey = { kty: 'OKP', crv: 'X25519', x: jwk.x, kid: 'test-kid' };

interface Sent {
  time: number;
  nonce: string;
  at: number;
}

function headerOf(body: string): { time: number; nonce: string } {
  const base64 = body.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(base64)) as { time: number; nonce: string };
}

/** A fetch that answers each send with the next of `answers` (the last one again when they run out). */
function fakeServer(answers: Array<(sent: Sent) => { status: number; body: unknown; date?: string }>) {
  const sent: Sent[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const header = headerOf(init.body as string);
    const one = { ...header, at: Date.now() };
    sent.push(one);
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!(one);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.date ? { date: answer.date } : {} });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const ok = () => ({ status: 200, body: { code: 20000, message: 'Success', data: null } });
let servers = 0;
/** Each test talks to a server of its own, so each has a clock of its own. */
const newBaseUrl = () => `http://server-${++servers}.test`;

describe('sealedPost dates requests by the server', () => {
  it('seals again with the server time after envelope.stale, with a new nonce', async () => {
    const serverAhead = 60_000;
    const server = fakeServer([() => ({ status: 400, body: { code: 9001, error: 'envelope.stale', params: { serverTime: Date.now() + serverAhead } } }), ok]);
    const baseUrl = newBaseUrl();
    const answer = await sealedPost(key, '/api/x', {}, { headers: {}, baseUrl, fetch: server.fetch });
    expect(answer.status).toBe(200);
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]!.nonce).not.toBe(server.sent[0]!.nonce);
    expect(Math.abs(server.sent[1]!.time - (server.sent[1]!.at + serverAhead))).toBeLessThan(500);
    expect(Math.abs(serverClock(baseUrl).now() - (Date.now() + serverAhead))).toBeLessThan(500);
  });

  it('after a 503 naming a refusal line, waits until the server takes it and sends a request dated at the line', async () => {
    const lineAhead = timeAheadMsMax + 400;
    let refuseBefore = 0;
    const server = fakeServer([
      () => {
        refuseBefore = Date.now() + lineAhead;
        return { status: 503, body: { code: 9001, error: 'server.unavailable', params: { refuseBefore, serverTime: Date.now() } } };
      },
      ok,
    ]);
    const baseUrl = newBaseUrl();
    const answer = await sealedPost(key, '/api/x', {}, { headers: {}, baseUrl, fetch: server.fetch });
    expect(answer.status).toBe(200);
    expect(server.sent).toHaveLength(2);
    const [refused, redated] = server.sent as [Sent, Sent];
    expect(redated.nonce).not.toBe(refused.nonce);
    expect(redated.time).toBe(refuseBefore);
    // Sent once the line is no further ahead than the server takes, and not much later.
    expect(redated.time - redated.at).toBeLessThanOrEqual(timeAheadMsMax);
    expect(redated.at - refused.at).toBeGreaterThanOrEqual(lineAhead - timeAheadMsMax);
    expect(redated.at - refused.at).toBeLessThan(lineAhead - timeAheadMsMax + 1_000);
    // The next request to that server is dated past the line at once.
    const next = fakeServer([ok]);
    await sealedPost(key, '/api/x', {}, { headers: {}, baseUrl, fetch: next.fetch });
    expect(next.sent[0]!.time).toBeGreaterThanOrEqual(refuseBefore);
  });

  it('answers any other refusal as it came, sent once', async () => {
    for (const body of [
      { code: 9001, error: 'server.unavailable' },
      { code: 9001, error: 'envelope.replayed', params: { serverTime: Date.now() } },
      { code: 9001, error: 'request.invalid' },
    ]) {
      const server = fakeServer([() => ({ status: body.error === 'server.unavailable' ? 503 : 400, body })]);
      const answer = await sealedPost(key, '/api/x', {}, { headers: {}, baseUrl: newBaseUrl(), fetch: server.fetch });
      expect(answer.body).toEqual(body);
      expect(server.sent).toHaveLength(1);
    }
  });

  it('seals again at most twice, then answers the refusal', async () => {
    const server = fakeServer([() => ({ status: 400, body: { code: 9001, error: 'envelope.stale', params: { serverTime: Date.now() + 3_600_000 } } })]);
    const answer = await sealedPost(key, '/api/x', {}, { headers: {}, baseUrl: newBaseUrl(), fetch: server.fetch });
    expect(answer.status).toBe(400);
    expect(server.sent).toHaveLength(3);
  });

  it("follows every answer's Date header, never ahead of the server", async () => {
    const baseUrl = newBaseUrl();
    const serverAhead = 10 * 60_000;
    const first = fakeServer([() => ({ ...ok(), date: new Date(Date.now() + serverAhead).toUTCString() })]);
    await sealedPost(key, '/api/x', {}, { headers: {}, baseUrl, fetch: first.fetch });
    const second = fakeServer([ok]);
    await sealedPost(key, '/api/x', {}, { headers: {}, baseUrl, fetch: second.fetch });
    const dated = second.sent[0]!.time - second.sent[0]!.at;
    // The header has whole seconds: the estimate is up to a second behind, never ahead.
    expect(dated).toBeLessThanOrEqual(serverAhead + 50);
    expect(dated).toBeGreaterThan(serverAhead - 1_100);
  });
});
