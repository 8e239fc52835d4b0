import type { ContactMessageInput } from '@coffee-guide/contracts';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/mock-api';
import { isKept, keepMessage, onSent, OUTBOX_STORAGE_KEY, sendKept } from './contact-outbox';

const message: ContactMessageInput = {
  name: 'Ana Fan',
  email: 'ana@example.test',
  subject: 'Other',
  message: 'Written in the drive-thru line',
};
const kept = () =>
  JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]') as Array<{ key: string; message: ContactMessageInput }>;

describe('contact messages written offline', () => {
  it('keeps a message once, however often it is sent while offline', () => {
    expect(keepMessage(message)).toBe(true);
    expect(keepMessage({ ...message })).toBe(true);
    expect(kept()).toHaveLength(1);
    expect(isKept(message)).toBe(true);
    keepMessage({ ...message, message: 'Another one' });
    expect(kept()).toHaveLength(2);
  });

  it('sends each with its own Idempotency-Key, takes it out once accepted and says so', async () => {
    keepMessage(message);
    const key = kept()[0].key;
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(202, { id: 'contact:1' }));
    vi.stubGlobal('fetch', fetchMock);
    const sent = vi.fn();
    const stop = onSent(sent);

    await sendKept();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBe(key);
    expect(JSON.parse(String(init?.body))).toEqual(message);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
    expect(sent).toHaveBeenCalledWith(message);
    stop();
  });

  it('keeps it while there is no network, a 503 or a 429; drops one the server refuses for good', async () => {
    keepMessage(message);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await sendKept();
    expect(kept()).toHaveLength(1);

    for (const status of [503, 429]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse(status, { message: 'later' })),
      );
      await sendKept();
      expect(kept(), `after ${status}`).toHaveLength(1);
    }

    const sent = vi.fn();
    const stop = onSent(sent);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { message: 'Validation failed' })),
    );
    await sendKept();
    expect(kept()).toHaveLength(0);
    expect(sent).not.toHaveBeenCalled();
    stop();
  });

  it('sends once when two sends overlap (a page and the worker start-up both see the online event)', async () => {
    keepMessage(message);
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const first = sendKept();
    const second = sendKept();
    answer(jsonResponse(202, { id: 'contact:1' }));
    await Promise.all([first, second]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
