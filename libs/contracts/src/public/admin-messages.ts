/**
 * The admin API's messages that no schema carries: a failed sign-in, an expired token, a taken slug or size, a
 * row that is not there. The services, nest-common and the BFF answer with these, and so do the admin's test
 * handlers (frontend/src/admin/testing/admin-handlers.ts), so a changed message changes what the admin's tests
 * see (docs/conventions.md, "One way to do each thing": the admin API is one table).
 */
export const ADMIN_MESSAGES = {
  /** auth's 401 for a wrong e-mail or password (the same for both: which one is wrong is not told). */
  invalidCredentials: 'Invalid email or password',
  /** A bearer token past its expiry. */
  tokenExpired: 'The admin token has expired: sign in again',
  /** The BFF's refresh without a refresh cookie. */
  notSignedIn: 'Not signed in',
  /** A drink's slug another drink has: the 400 on `slug`. */
  drinkSlugTaken: (slug: string) => `"${slug}" is already used by another drink`,
  /** A price or nutrition row for a drink that does not exist: the 400 on `menuItemId`. */
  noDrink: (menuItemId: number) => `no drink with id ${menuItemId}`,
  /** The 409 of a second price or nutrition row for a drink's size. */
  sizeTaken: (drink: string, size: string, kind: 'price' | 'nutrition') =>
    `${drink} already has a ${size} ${kind} row: edit that row instead`,
  /** A 404 of an admin route with an id: `No price row with id 3`. */
  notFound: (row: AdminRowName, id: number | string) => `No ${row} with id ${id}`,
  /** The 403 of a write a role may not make (docs/security.md, "Roles"). */
  roleForbidden: (role: string) =>
    role === 'viewer'
      ? 'Viewers can only read: ask an owner for the editor role to make changes'
      : 'Only an owner can manage administrators',
  /** The 409 of removing, disabling or demoting the last owner. */
  lastOwner: 'This is the last owner: make another administrator an owner first',
  /** A revision that is not this record's. */
  noRevision: (id: string) => `No revision ${id} of this record`,
  /** The 400 of a restore whose old version no longer passes the write's checks (each field named too). */
  restoreInvalid: 'This version no longer passes the checks of a normal save: fix the record by hand instead',
  /** The 400 of a CSV import whose header is not the resource's columns (docs/csv.md). */
  csvHeaderMismatch: (
    resource: string,
    columns: { unknown: string[]; missing: string[]; repeated: string[] },
    expected: string[],
  ) => {
    const problems = [
      columns.unknown.length ? `unknown column(s): ${columns.unknown.join(', ')}` : '',
      columns.missing.length ? `missing column(s): ${columns.missing.join(', ')}` : '',
      columns.repeated.length ? `column(s) given twice: ${columns.repeated.join(', ')}` : '',
    ].filter(Boolean);
    return `The CSV header does not match ${resource}: ${problems.join('; ')}. Expected: ${expected.join(', ')}`;
  },
} as const;

/** What each admin resource's row is called in a 404 (ADMIN_MESSAGES.notFound). */
export const ADMIN_ROW_NAMES = {
  menuItems: 'menu item',
  prices: 'price row',
  nutrition: 'nutrition row',
  locations: 'location',
  blog: 'blog post',
  seo: 'SEO record',
  pageContent: 'page content section',
  siteSettings: 'site setting',
  messages: 'message',
  failedJobs: 'failed job',
  admins: 'administrator',
} as const;
export type AdminRowName = (typeof ADMIN_ROW_NAMES)[keyof typeof ADMIN_ROW_NAMES];
