import {
  administratorListSchema,
  type AdministratorCreate,
  type AdministratorUpdate,
  type AuditFilter,
  auditListSchema,
  deletedRecordListSchema,
  revisionListSchema,
  revisionRestoredSchema,
} from '@coffee-guide/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFetch } from '../session/admin-fetch';
import { AUDIT_KEY, type Resource } from './resources';

// A record's history, the deleted records and restores (docs/web.md, "History and restore"), the administrators
// (owners only) and the audit trail's filters.

const historyKey = (res: Resource<unknown>, id: number | string) => [...res.key, 'revisions', String(id)];
const deletedKey = (res: Resource<unknown>) => [...res.key, 'deleted'];

/** GET /api/admin/{resource}/{id}/revisions: newest first, each with what it changed. */
export function useRevisions<Row>(res: Resource<Row>, id: number | string | null) {
  return useQuery({
    queryKey: historyKey(res as Resource<unknown>, id ?? ''),
    queryFn: ({ signal }) =>
      adminFetch(`${res.path}/${encodeURIComponent(String(id))}/revisions`, { schema: revisionListSchema, signal }),
    enabled: id !== null,
  });
}

/** GET /api/admin/{resource}/deleted. */
export function useDeleted<Row>(res: Resource<Row>, enabled = true) {
  return useQuery({
    queryKey: deletedKey(res as Resource<unknown>),
    queryFn: ({ signal }) => adminFetch(`${res.path}/deleted`, { schema: deletedRecordListSchema, signal }),
    enabled,
  });
}

/** POST /api/admin/{resource}/{id}/revisions/{revisionId}/restore; the lists, histories and audit read again. */
export function useRestore<Row>(res: Resource<Row>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revisionId }: { id: number | string; revisionId: string }) =>
      adminFetch(`${res.path}/${encodeURIComponent(String(id))}/revisions/${encodeURIComponent(revisionId)}/restore`, {
        method: 'POST',
        schema: revisionRestoredSchema,
      }),
    onSuccess: () =>
      Promise.all(
        [res.key, AUDIT_KEY, ...(res.alsoInvalidates ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}

export const ADMINS_KEY = ['admin', 'admins'] as const;
export const ADMINS_PATH = '/api/admin/admins';

/** GET /api/admin/admins (owners only: `enabled` false for the other roles). */
export function useAdministrators(enabled = true) {
  return useQuery({
    queryKey: ADMINS_KEY,
    queryFn: ({ signal }) => adminFetch(ADMINS_PATH, { schema: administratorListSchema, signal }),
    enabled,
  });
}

/** POST /api/admin/admins, PUT and DELETE /api/admin/admins/{id}. */
export function useAdministratorWrites() {
  const client = useQueryClient();
  const onSuccess = () =>
    Promise.all([ADMINS_KEY, AUDIT_KEY].map((queryKey) => client.invalidateQueries({ queryKey })));
  return {
    create: useMutation({
      mutationFn: (body: AdministratorCreate) => adminFetch(ADMINS_PATH, { method: 'POST', body }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AdministratorUpdate }) =>
        adminFetch(`${ADMINS_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => adminFetch(`${ADMINS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

/** GET /api/admin/audit with its filters (empty ones left out). */
export const filteredAuditQueryOptions = (filter: Partial<AuditFilter>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return queryOptions({
    queryKey: [...AUDIT_KEY, 'filtered', params.toString()],
    queryFn: ({ signal }) => adminFetch(`/api/admin/audit?${params}`, { schema: auditListSchema, signal }),
  });
};
