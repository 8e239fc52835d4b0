import {
  adminLocationListSchema,
  adminMenuItemListSchema,
  adminNutritionRowListSchema,
  adminPriceRowListSchema,
  auditListSchema,
  blogPostListSchema,
  contactMessageListSchema,
  failedJobListSchema,
  pageContentSectionListSchema,
  seoRecordListSchema,
  siteSettingListSchema,
} from '@coffee-guide/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminFetch } from '../session/admin-fetch';

export interface Resource<Row> {
  /** Query key of the list. */
  key: QueryKey;
  /** `/api/admin/<resource>`: GET list, POST create, PUT /{id}, DELETE /{id}. */
  path: string;
  list: z.ZodType<Row[]>;
  /** Lists a write to this resource can change (besides its own and the audit trail). */
  alsoInvalidates?: QueryKey[];
}

const resource = <Row>(name: string, list: z.ZodType<Row[]>, alsoInvalidates?: QueryKey[]): Resource<Row> => ({
  key: ['admin', name],
  path: `/api/admin/${name}`,
  list,
  alsoInvalidates,
});

export const AUDIT_KEY = ['admin', 'audit'] as const;

/** Deleting or adding a drink (with its sizes) changes its price and nutrition rows too. */
export const menuItemsResource = resource('menu-items', adminMenuItemListSchema, [
  ['admin', 'prices'],
  ['admin', 'nutrition'],
]);
export const pricesResource = resource('prices', adminPriceRowListSchema);
export const nutritionResource = resource('nutrition', adminNutritionRowListSchema);
export const locationsResource = resource('locations', adminLocationListSchema);
export const blogResource = resource('blog', blogPostListSchema);
export const seoResource = resource('seo', seoRecordListSchema);
export const pageContentResource = resource('page-content', pageContentSectionListSchema);
export const siteSettingsResource = resource('site-settings', siteSettingListSchema);
export const messagesResource = resource('messages', contactMessageListSchema);
export const failedJobsResource: Resource<z.infer<typeof failedJobListSchema>[number]> = {
  key: ['admin', 'jobs', 'failed'],
  path: '/api/admin/jobs/failed',
  list: failedJobListSchema,
};

export const listQueryOptions = <Row>(res: Resource<Row>) =>
  queryOptions({
    queryKey: res.key,
    queryFn: ({ signal }) => adminFetch(res.path, { schema: res.list, signal }),
  });

export function useList<Row>(res: Resource<Row>) {
  return useQuery(listQueryOptions(res));
}

export const auditQueryOptions = (limit = 20) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, limit],
    queryFn: ({ signal }) => adminFetch(`/api/admin/audit?limit=${limit}`, { schema: auditListSchema, signal }),
  });

function useInvalidate<Row>(res: Resource<Row>) {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [res.key, AUDIT_KEY, ...(res.alsoInvalidates ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
}

export interface SaveVariables<Payload> {
  /** Absent: create (POST); present: update (PUT /{id}). */
  id?: number | string;
  payload: Payload;
}

export function useSave<Row, Payload>(res: Resource<Row>) {
  const invalidate = useInvalidate(res);
  return useMutation({
    mutationFn: ({ id, payload }: SaveVariables<Payload>) =>
      adminFetch<unknown>(id === undefined ? res.path : `${res.path}/${encodeURIComponent(String(id))}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body: payload,
      }),
    onSuccess: invalidate,
  });
}

export function useRemove<Row>(res: Resource<Row>) {
  const invalidate = useInvalidate(res);
  return useMutation({
    mutationFn: (id: number | string) =>
      adminFetch<unknown>(`${res.path}/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/admin/messages/{id}: mark handled or not. */
export function useMarkMessage() {
  const invalidate = useInvalidate(messagesResource);
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      adminFetch<unknown>(`${messagesResource.path}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { handled } }),
    onSuccess: invalidate,
  });
}

/** POST /api/admin/jobs/failed/{id}/retry. */
export function useRetryJob() {
  const invalidate = useInvalidate(failedJobsResource);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminFetch<unknown>(`${failedJobsResource.path}/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSuccess: async () => {
      await invalidate();
      await client.invalidateQueries({ queryKey: messagesResource.key });
    },
  });
}
