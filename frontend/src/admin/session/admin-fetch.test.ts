import { ADMIN_ROUTES, validationFailedBody } from '@coffee-guide/contracts';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/mock-api';
import { schemaMessage } from '../testing/schema-messages';
import { adminFetch } from './admin-fetch';

describe('adminFetch and the stored public reads', () => {
  it('drops the public reads the service worker keeps after a write, not after a read or a refused write', async () => {
    const remove = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: remove });
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { id: 1 }));
    vi.stubGlobal('fetch', fetchMock);

    await adminFetch('/api/admin/menu-items');
    expect(remove).not.toHaveBeenCalled();

    await adminFetch('/api/admin/menu-items/1', { method: 'PUT', body: { name: 'New' } });
    expect(remove).toHaveBeenCalledWith('cg-api');

    remove.mockClear();
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        400,
        validationFailedBody({ name: schemaMessage(ADMIN_ROUTES.menuItems.update, { name: '' }, 'name') }),
      ),
    );
    await expect(adminFetch('/api/admin/menu-items/1', { method: 'DELETE' })).rejects.toThrow('400');
    expect(remove).not.toHaveBeenCalled();
  });
});
