/*
 * The contact form's fixed values, apart from the schemas in ./content so that the public bundle can
 * import them without bringing in zod.
 */

/** SPEC section 3's contact subjects, in its order. */
export const CONTACT_SUBJECTS = [
  'General Question',
  'Menu & Nutrition',
  'Location Inquiry',
  'Feedback & Suggestions',
  'Technical Issue',
  'Partnership Opportunity',
  'Media Inquiry',
  'Other',
] as const;

/** The name of the hidden honeypot field: a person leaves it empty, a form-filling bot does not. */
export const CONTACT_HONEYPOT_FIELD = 'website';
