/*
 * What every query reader of the domain shares (the menu's tools, compare, the finder): a module of its own
 * so that a reader needing only these (compare's, which the frontend's entry reads through the route
 * manifest) does not bring the menu's whole query with it (docs/routes.md).
 */

export type FieldErrors = Record<string, string>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** A request's query parameters, as a router or a URLSearchParams reader gives them. */
export type QueryParams = Record<string, string | string[] | undefined | null>;

/** A parameter's first value (a repeated parameter is read once). */
export const firstParam = (value: string | string[] | undefined | null): string | undefined =>
  Array.isArray(value) ? value[0] : (value ?? undefined);
