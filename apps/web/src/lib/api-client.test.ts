import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allEmployeePermissions } from '@till/core';
import { ApiError, fileNameFromDisposition, withoutEmployeeSession } from './api-client';
import { api, dataOf, fileOf } from './api';
import { EMPLOYEE_SESSION_KEY, readEmployeeSession, writeEmployeeSession } from './employee-session';

const session = {
  employee_id: '7b3c1f9e-2c4d-4f7a-9a51-6a0f2d1e8b44',
  employee_name: 'Bo',
  employee_role: 'cashier' as const,
  permissions: allEmployeePermissions(false),
  login_time: new Date().toISOString(),
  token: 'token-1',
};

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const signIn = { employee_id: session.employee_id, pin: '1234' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the typed client and the employee session', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: memoryStorage() });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const sent = (call = 0) => fetchMock.mock.calls[call]?.[0] as Request;
  const sentEmployeeHeader = (call = 0) => sent(call).headers.get('x-employee-session');

  it('sends no employee header without a session', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await api.GET('/api/me');
    expect(sentEmployeeHeader()).toBeNull();
  });

  it('sends the stored token, unless the call asks to omit it', async () => {
    writeEmployeeSession(session);
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await api.GET('/api/me');
    await api.POST('/api/employee-sessions', { body: signIn, headers: withoutEmployeeSession });
    expect(sentEmployeeHeader(0)).toBe('token-1');
    expect(sentEmployeeHeader(1)).toBeNull();
  });

  it('clears the local session on 401 employee_session_expired', async () => {
    writeEmployeeSession(session);
    fetchMock.mockResolvedValue(json(401, { error: { code: 'employee_session_expired', message: 'The employee session has ended.' } }));
    await expect(api.GET('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(readEmployeeSession()).toBeNull();
  });

  it('keeps the session for other errors, and a newer session for a late answer about an older token', async () => {
    writeEmployeeSession(session);
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'forbidden', message: 'No' } }));
    await expect(api.GET('/api/me')).rejects.toMatchObject({ status: 403 });
    expect(readEmployeeSession()?.token).toBe('token-1');

    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const pending = api.GET('/api/me');
    writeEmployeeSession({ ...session, token: 'token-2' });
    answer(json(401, { error: { code: 'employee_session_expired', message: 'ended' } }));
    await expect(pending).rejects.toMatchObject({ code: 'employee_session_expired' });
    expect(readEmployeeSession()?.token).toBe('token-2');
    expect(window.localStorage.getItem(EMPLOYEE_SESSION_KEY)).not.toBeNull();
  });

  it('downloads a file with the header and its offered name', async () => {
    writeEmployeeSession(session);
    fetchMock.mockResolvedValue(
      new Response('Employee,Date\n', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="time-clock-2025-03-03-to-2025-03-09.csv"' } }),
    );
    const { blob, fileName } = await fileOf(api.GET('/api/time-clock/export.csv', { params: { query: { from: '2025-03-03', to: '2025-03-09' } }, parseAs: 'blob' }));
    expect(await blob.text()).toBe('Employee,Date\n');
    expect(fileName).toBe('time-clock-2025-03-03-to-2025-03-09.csv');
    expect(new URL(sent().url).pathname + new URL(sent().url).search).toBe('/api/time-clock/export.csv?from=2025-03-03&to=2025-03-09');
    expect(sentEmployeeHeader()).toBe('token-1');
  });
});

describe('fileNameFromDisposition', () => {
  it('reads plain and RFC 5987 names', () => {
    expect(fileNameFromDisposition('attachment; filename="a.csv"')).toBe('a.csv');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe('café.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('retries (SPEC §8: 502, 503 and 504 are retryable; SPEC §9: backoff from 200 ms)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: memoryStorage() });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const gateway = (status: number) => new Response('<html>Bad gateway</html>', { status, headers: { 'Content-Type': 'text/html' } });

  it.each([502, 503, 504])('sends a GET again after %i, waiting 200 ms and then 400 ms, and returns the answer that came', async (status) => {
    const times: number[] = [];
    fetchMock.mockImplementation(async () => {
      times.push(Date.now());
      return times.length < 3 ? gateway(status) : json(200, { ok: true });
    });
    await expect(dataOf(api.GET('/api/me'))).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(190);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(390);
  });

  it('gives up after three retries (200, 400, 800 ms) with the last answer', async () => {
    fetchMock.mockImplementation(async () => json(503, { error: { code: 'shutting_down', message: 'The server is restarting' } }));
    const started = Date.now();
    const failure = await api.GET('/api/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1390);
  });

  it.each([400, 401, 404, 409, 429, 500])('does not retry %i', async (status) => {
    fetchMock.mockImplementation(async () => json(status, { error: { code: 'rate_limited', message: 'No' } }));
    await expect(api.GET('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a POST again after 503 (not taken) with the same body, but not after 502 or 504 (it may have been taken)', async () => {
    const bodies: string[] = [];
    fetchMock.mockImplementation(async (request: Request) => {
      bodies.push(await request.text());
      return bodies.length === 1 ? gateway(503) : json(201, { id: 1 });
    });
    await expect(dataOf(api.POST('/api/employee-sessions', { body: signIn }))).resolves.toEqual({ id: 1 });
    expect(bodies).toEqual([JSON.stringify(signIn), JSON.stringify(signIn)]);

    for (const status of [502, 504]) {
      fetchMock.mockReset();
      fetchMock.mockImplementation(async () => gateway(status));
      const failure = await api.POST('/api/employee-sessions', { body: signIn }).catch((error: unknown) => error);
      expect((failure as ApiError).status).toBe(status);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('stops waiting when the call is aborted', async () => {
    fetchMock.mockImplementation(async () => gateway(503));
    const controller = new AbortController();
    const call = api.GET('/api/me', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
