import {
  csvImportResultSchema,
  type AdminCsvResource,
  type BulkEdit,
  type CsvImportResult,
} from '@coffee-guide/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFetch, adminFetchResponse } from '../session/admin-fetch';
import { AUDIT_KEY, type Resource } from './resources';

/** What the export takes from the table: its search, its filters by CSV column, its sort (docs/csv.md). */
export interface CsvView {
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  filters?: Record<string, string>;
}

export function exportUrl(resource: AdminCsvResource, view?: CsvView): string {
  const params = new URLSearchParams();
  if (view?.q?.trim()) params.set('q', view.q.trim());
  if (view?.sort) {
    params.set('sort', view.sort);
    params.set('dir', view.dir ?? 'asc');
  }
  for (const [column, value] of Object.entries(view?.filters ?? {})) params.set(column, value);
  const query = params.toString();
  return `/api/admin/${resource}/export.csv${query ? `?${query}` : ''}`;
}

/** GET /api/admin/{resource}/export.csv, saved under the name the server gives (`prices-2025-07-16.csv`). */
export async function downloadCsv(resource: AdminCsvResource, view?: CsvView): Promise<string> {
  const res = await adminFetchResponse(exportUrl(resource, view), { accept: 'text/csv' });
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${resource}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** POST /api/admin/{resource}/import: the preview (dry run) or the apply of a CSV file. */
export function importCsv(resource: AdminCsvResource, file: Blob, dryRun: boolean): Promise<CsvImportResult> {
  return adminFetch(`/api/admin/${resource}/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    raw: { body: file, contentType: 'text/csv' },
    schema: csvImportResultSchema,
  });
}

export function useCsvPreview(resource: AdminCsvResource) {
  return useMutation({ mutationFn: (file: Blob) => importCsv(resource, file, true) });
}

/** The apply: the lists it can change are fetched again. */
export function useCsvApply<Row>(resource: AdminCsvResource, res: Resource<Row>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => importCsv(resource, file, false),
    onSuccess: () =>
      Promise.all(
        [res.key, AUDIT_KEY, ...(res.alsoInvalidates ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}

/** POST /api/admin/{resource}/bulk: one field of the selected rows, previewed (dry run) or applied like an import. */
export function bulkEdit(resource: AdminCsvResource, edit: BulkEdit, dryRun: boolean): Promise<CsvImportResult> {
  return adminFetch(`/api/admin/${resource}/bulk${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    body: edit,
    schema: csvImportResultSchema,
  });
}

export function useBulkPreview(resource: AdminCsvResource) {
  return useMutation({ mutationFn: (edit: BulkEdit) => bulkEdit(resource, edit, true) });
}

export function useBulkApply<Row>(resource: AdminCsvResource, res: Resource<Row>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: BulkEdit) => bulkEdit(resource, edit, false),
    onSuccess: () =>
      Promise.all(
        [res.key, AUDIT_KEY, ...(res.alsoInvalidates ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}
