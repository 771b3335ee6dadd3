// Proves what each app passes to the kit's API client takes effect: the login type and token it
// sends, what an expired session does (the app's function once, or a reload after the message),
// and that a quiet call shows no toast. The envelope itself is tested in packages/envelope.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from './api-client';
import { createSessionStore } from './storage';
import { closeAllToasts, getToasts } from './toast';
import { sealRequest } from '@pp/envelope/web';

vi.mock('@pp/envelope/web', () => ({
  sealRequest: vi.fn(async () => ({ body: 'sealed', requestKey: {} })),
  openResponse: vi.fn(async (_key: unknown, data: string) => JSON.parse(data) as unknown),
}));

const serverKey = { kty: 'OKP', crv: 'X25519', x: 'AAAA', kid: 'k1' };
const i18n = { currentLanguage: () => 'en-US', hasKey: () => true, translateKey: (key: string) => `t:${key}` };
let reload: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

function answer(status: number, body: object) {
  return { status, ok: status < 300, json: async () => body };
}

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  });
  vi.stubGlobal('document', { querySelector: () => ({ getAttribute: () => JSON.stringify(serverKey) }) });
  reload = vi.fn();
  vi.stubGlobal('window', { location: { reload } });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  closeAllToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function client(tokenKey: string, options: Partial<ApiClientOptions>) {
  const session = createSessionStore(tokenKey);
  const api = createApiClient({ loginType: 'USER', session, i18n, onExpired: 'reload', ...options });
  return { session, ...api };
}

describe('createApiClient', () => {
  it('sends the app login type and its own token, and opens the data', async () => {
    const staff = client('adminToken', { loginType: 'STAFF' });
    staff.session.setToken('staff-token');
    createSessionStore('token').setToken('member-token');
    fetchMock.mockResolvedValue(answer(200, { code: 20000, message: 'ok', data: JSON.stringify({ items: [] }) }));

    await expect(staff.apiCall('staffMe', {})).resolves.toEqual({ items: [] });
    const headers = (fetchMock.mock.calls[0]![1] as { headers: Record<string, string> }).headers;
    expect(headers['X-Login-Type']).toBe('STAFF');
    expect(headers.Authorization).toBe('Bearer staff-token');
  });

  it("on an expired session clears the token, shows the message and runs the app's function once", async () => {
    const onExpired = vi.fn();
    const staff = client('adminToken', { loginType: 'STAFF', onExpired });
    staff.session.setToken('staff-token');
    fetchMock.mockResolvedValue(answer(401, { code: 87321, message: 'expired', error: 'auth.expired' }));

    const calls = await Promise.allSettled([staff.apiCall('staffMe', {}), staff.apiCall('staffMe', {})]);
    expect(calls.map((c) => c.status)).toEqual(['rejected', 'rejected']);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(staff.session.getToken()).toBeNull();
    expect(getToasts().map((t) => t.text)).toEqual(['t:api.expired']);
    expect(reload).not.toHaveBeenCalled();
  });

  it("with 'reload' the page reloads once the expired message was readable", async () => {
    vi.useFakeTimers();
    const member = client('token', {});
    member.session.setToken('member-token');
    fetchMock.mockResolvedValue(answer(401, { code: 87321, message: 'expired' }));

    await expect(member.apiCall('assetsList', {})).rejects.toMatchObject({ kind: 'expired' });
    expect(member.session.getToken()).toBeNull();
    vi.advanceTimersByTime(1499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a quiet call shows no toast but rejects with the translated text and the field at fault', async () => {
    const staff = client('adminToken', { loginType: 'STAFF' });
    fetchMock.mockResolvedValue(answer(200, { code: 9001, message: 'x', error: 'request.invalid', field: 'reason', validation: 'validation.enterReason' }));

    await expect(staff.apiCall('staffMe', {}, { isQuiet: true })).rejects.toMatchObject({
      kind: 'business',
      message: 't:validation.enterReason',
      details: { field: 'reason', validation: 'validation.enterReason' },
    });
    expect(getToasts()).toEqual([]);
  });
  it('uses an answer asked for before the app ran once, for an empty call to its path, and asks itself when that one failed', async () => {
    const held = new Map<string, Promise<unknown>>([
      [
        '/api/app/assets/assetsList',
        Promise.resolve({ status: 200, body: { code: 20000, message: 'ok', data: JSON.stringify([{ coinName: 'A' }]) }, requestKey: {} }),
      ],
      ['/api/app/user/userInfo', Promise.reject(new TypeError('network'))],
    ]);
    const takeFirstAnswer = vi.fn((path: string) => {
      const answer = held.get(path);
      held.delete(path);
      return answer as never;
    });
    const api = client('token', { takeFirstAnswer });
    fetchMock.mockResolvedValue(answer(200, { code: 20000, message: 'ok', data: JSON.stringify({ fresh: true }) }));

    await expect(api.apiCall('assetsList', {})).resolves.toEqual([{ coinName: 'A' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: the next call asks the server.
    await expect(api.apiCall('assetsList', {})).resolves.toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A failed early call is not an answer: the app asks itself.
    await expect(api.apiCall('userInfo', {})).resolves.toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // A call with a body never takes one.
    await api.apiCall('coinList', { requestId: 'x' } as never).catch(() => undefined);
    expect(takeFirstAnswer).not.toHaveBeenCalledWith('/api/app/user/coinList');
  });

  it('a keyed write that met a 503, a 502 or no answer says its outcome is unknown and a retry is safe; a read keeps the status text', async () => {
    const member = client('token', {});
    member.session.setToken('member-token');
    fetchMock.mockResolvedValueOnce(answer(503, { code: 9001, message: 'unavailable', data: null, error: 'server.unavailable' }));
    await expect(
      member.apiCall(
        'transferCreate',
        { transferType: 'internalTransfer', toUserName: 'alice', coinName: 'USDT', amount: '1', transactionPassword: 'x' } as never,
        { requestId: 'r-1' },
      ),
    ).rejects.toMatchObject({
      message: 't:errors.server.unavailable',
    });
    fetchMock.mockResolvedValueOnce(answer(502, {}));
    await expect(member.apiCall('transferCreate', {} as never, { requestId: 'r-1' })).rejects.toMatchObject({ message: 't:errors.server.unavailable' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(member.apiCall('transferCreate', {} as never, { requestId: 'r-1' })).rejects.toMatchObject({ message: 't:errors.server.unavailable' });
    expect(getToasts().map((t) => t.text)).toContain('t:errors.server.unavailable');
    // The request id travelled with each attempt, the same each time.
    const ids = vi
      .mocked(sealRequest)
      .mock.calls.slice(-3)
      .map((call) => (call[2] as { requestId?: string }).requestId);
    expect(ids).toEqual(['r-1', 'r-1', 'r-1']);
    fetchMock.mockResolvedValueOnce(answer(502, {}));
    await expect(member.apiCall('assetsList', {})).rejects.toMatchObject({ message: 't:api.badGateway' });
    // A write the server does not key (no request id in its contract) keeps the status text too.
    fetchMock.mockResolvedValueOnce(answer(502, {}));
    await expect(member.apiCall('updateAgreeStatus', { agree: true })).rejects.toMatchObject({ message: 't:api.badGateway' });
  });

  it('refuses to key an endpoint the contract does not declare keyed, before sending anything', async () => {
    const member = client('token', {});
    member.session.setToken('member-token');
    const sent = fetchMock.mock.calls.length;
    await expect(member.apiCall('updateAgreeStatus', { agree: true }, { requestId: 'r-9' })).rejects.toThrow('updateAgreeStatus is not a keyed write');
    await expect(member.apiCall('assetsList', {}, { requestId: 'r-9' })).rejects.toThrow('assetsList is not a keyed write');
    expect(fetchMock.mock.calls.length).toBe(sent);
    expect(getToasts()).toEqual([]);
    // A keyed write takes its key from the options alone.
    fetchMock.mockResolvedValueOnce(answer(200, { code: 20000, message: 'ok', data: JSON.stringify({ ok: true }) }));
    await expect(member.apiCall('updatePassWord', { oldPassword: 'a', password: 'b', confirmPassword: 'b' }, { requestId: 'r-10' })).resolves.toEqual({
      ok: true,
    });
    expect((vi.mocked(sealRequest).mock.calls.at(-1)![2] as { requestId?: string }).requestId).toBe('r-10');
  });

  it('a request the browser aborted (fetch or XMLHttpRequest) is thrown as aborted without a toast; a real network failure still shows one', async () => {
    const member = client('token', {});
    fetchMock.mockRejectedValueOnce(new DOMException('The user aborted a request.', 'AbortError'));
    await expect(member.apiCall('assetsList', {})).rejects.toMatchObject({ kind: 'aborted' });
    // A write too: nothing to say about its outcome when nobody asked to stop it on screen.
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(member.apiCall('transferCreate', {} as never, { requestId: 'r-2' })).rejects.toMatchObject({ kind: 'aborted' });
    // The upload path (XMLHttpRequest): its abort event.
    class AbortedXhr {
      upload = {};
      onabort: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() => this.onabort?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', AbortedXhr);
    await expect(member.apiCall('uploadFile', {} as never, { onUploadProgress: () => {} })).rejects.toMatchObject({ kind: 'aborted' });
    expect(getToasts()).toEqual([]);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(member.apiCall('assetsList', {})).rejects.toMatchObject({ kind: 'network' });
    expect(getToasts()).toHaveLength(1);
  });

  it('a request cut while the page is being left or is hidden is aborted without a toast; after coming back, failures show again', async () => {
    const win = Object.assign(new EventTarget(), { location: { reload } });
    vi.stubGlobal('window', win);
    const doc = { visibilityState: 'visible', querySelector: () => ({ getAttribute: () => JSON.stringify(serverKey) }) };
    vi.stubGlobal('document', doc);
    const member = client('token', {});
    win.dispatchEvent(new Event('pagehide'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(member.apiCall('assetsList', {})).rejects.toMatchObject({ kind: 'aborted' });
    win.dispatchEvent(new Event('pageshow'));
    win.dispatchEvent(new Event('beforeunload'));
    fetchMock.mockRejectedValueOnce(new TypeError('NetworkError when attempting to fetch resource.'));
    await expect(member.apiCall('assetsList', {})).rejects.toMatchObject({ kind: 'aborted' });
    win.dispatchEvent(new Event('pageshow'));
    doc.visibilityState = 'hidden';
    fetchMock.mockRejectedValueOnce(new TypeError('Load failed'));
    await expect(member.apiCall('assetsList', {})).rejects.toMatchObject({ kind: 'aborted' });
    expect(getToasts()).toEqual([]);
    doc.visibilityState = 'visible';
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(member.apiCall('assetsList', {})).rejects.toMatchObject({ kind: 'network' });
    expect(getToasts()).toHaveLength(1);
  });

  it('a timeout is still a timeout with its toast, though it aborts the request', async () => {
    vi.useFakeTimers();
    const member = client('token', {});
    fetchMock.mockImplementationOnce(
      (_url: string, init: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const call = member.apiCall('assetsList', {});
    const settled = expect(call).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(60_000);
    await settled;
    expect(getToasts().map((t) => t.text)).toEqual(['t:api.timeout']);
  });
});
