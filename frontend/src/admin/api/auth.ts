import { adminLoginResultSchema, adminSchema, type Admin, type AdminLoginResult } from '@coffee-guide/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminFetch } from '../session/admin-fetch';

/** POST /api/admin/login: `{ token, admin }`; the refresh cookie comes with it. */
export async function signIn(email: string, password: string): Promise<AdminLoginResult> {
  return adminLoginResultSchema.parse(
    await apiRequest('/api/admin/login', { method: 'POST', body: { email, password } }),
  );
}

/** POST /api/admin/logout: revokes the refresh cookie and the tokens issued before. */
export async function signOut(): Promise<void> {
  await apiRequest('/api/admin/logout', { method: 'POST' });
}

/** GET /api/admin/me: whether the stored session is still valid (renewed silently when it can be). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }): Promise<Admin> =>
      adminFetch('/api/admin/me', { schema: adminSchema, signal, interactive: false }),
    retry: false,
  });
