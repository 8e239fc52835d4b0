import type { ContactSubject } from '@coffee-guide/contracts';

/**
 * SPEC section 3's contact subjects, in its order. Kept as a plain list typed by the contract (its zod
 * enum stays out of the public bundle); the check below fails to compile if one is missing.
 */
export const CONTACT_SUBJECT_OPTIONS = [
  'General Question',
  'Menu & Nutrition',
  'Location Inquiry',
  'Feedback & Suggestions',
  'Technical Issue',
  'Partnership Opportunity',
  'Media Inquiry',
  'Other',
] as const satisfies readonly ContactSubject[];

type Missing = Exclude<ContactSubject, (typeof CONTACT_SUBJECT_OPTIONS)[number]>;
const everySubjectListed: [Missing] extends [never] ? true : Missing = true;
void everySubjectListed;

export function isContactSubject(value: string | null): value is ContactSubject {
  return value !== null && (CONTACT_SUBJECT_OPTIONS as readonly string[]).includes(value);
}

/** The name of the hidden field a person leaves empty (the contract's honeypot). */
export const HONEYPOT_FIELD = 'website';
