/*
 * The contact form's fixed values, apart from the schemas in ./content so that the public bundle can
 * import them without bringing in zod.
 */

/** docs/decisions.md, "Data shapes"'s contact subjects, in its order. */
export const CONTACT_SUBJECTS = [
  'General Question',
  'Menu & Nutrition',
  'Location Inquiry',
  'Feedback & Suggestions',
  'Technical Issue',
  'Partnership Opportunity',
  'Media Inquiry',
  'Data correction',
  'Other',
] as const;

/** The subject of the report-an-error links (docs/decisions.md, "Data corrections"): the inbox marks these as corrections. */
export const DATA_CORRECTION_SUBJECT = 'Data correction';

/** The item a correction is about: `drink:<id>` or `stand:<id>` (the admin form it links to). */
export const CORRECTION_ITEM_PATTERN = /^(drink|stand):([1-9]\d{0,9})$/;

export type CorrectionItem = { kind: 'drink' | 'stand'; id: number };

export function parseCorrectionItem(item: string | null | undefined): CorrectionItem | null {
  const m = CORRECTION_ITEM_PATTERN.exec(item ?? '');
  return m ? { kind: m[1] as CorrectionItem['kind'], id: Number(m[2]) } : null;
}

/**
 * A path of this site, as a report-an-error message's `page` must be (docs/security.md, "Links from
 * stored text"): one '/' then printable ASCII without a backslash. Never '//host' nor '/\host' (which
 * browsers read as '//host', another site), never a scheme. The inbox links only a value that passes.
 */
export const SITE_PATH_PATTERN = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;

export const isSitePath = (value: string | null | undefined): value is string =>
  typeof value === 'string' && SITE_PATH_PATTERN.test(value);

/** The contact form's address for reporting an error on a page and item: subject, page and item filled in. */
export function reportErrorHref(page: string, item?: CorrectionItem | null): string {
  // Built by hand: the lib has no DOM or Node types (no URLSearchParams).
  const query = [`subject=${encodeURIComponent(DATA_CORRECTION_SUBJECT)}`, `page=${encodeURIComponent(page)}`];
  if (item) query.push(`item=${encodeURIComponent(`${item.kind}:${item.id}`)}`);
  return `/contact?${query.join('&')}`;
}

/** The name of the hidden honeypot field: a person leaves it empty, a form-filling bot does not. */
export const CONTACT_HONEYPOT_FIELD = 'website';

/**
 * The e-mail addresses the contact API takes: zod's own pattern, which `contactEmailSchema` (./content) applies
 * (contact-form.spec.ts holds the two to the same answers), here without zod for the public contact page.
 */
export const CONTACT_EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What is wrong with a contact form's e-mail address, in the API's words; null when it is one. */
export function contactEmailProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'is required';
  if (v.length > 254) return 'must be at most 254 characters';
  return CONTACT_EMAIL_PATTERN.test(v) ? null : 'must be a valid e-mail address';
}
