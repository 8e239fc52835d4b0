import { CONTACT_SUBJECTS, type ContactSubject } from '@coffee-guide/contracts';

/** Whether a value (the `?subject=` of a link) is one of the contract's contact subjects. */
export function isContactSubject(value: string | null): value is ContactSubject {
  return value !== null && (CONTACT_SUBJECTS as readonly string[]).includes(value);
}
