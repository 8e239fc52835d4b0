import { stateName } from '@coffee-guide/contracts';
import { z } from 'zod';
import { parseHoursJson } from './hours';

/*
 * The stand write rules of the locations API (POST/PUT /api/admin/locations): name, address, city, a
 * known state code and a 5-digit ZIP required; coordinates in range, both or neither; hours readable.
 * The public contracts carry no stand write schema yet, so the same rules are written out here.
 */

const text = (max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'is required').max(max, `must be at most ${max} characters`));

const decimal = (min: number, max: number, what: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^[-+]?\d+(\.\d+)?$/, `must be a ${what}`).transform(Number)], {
      error: `must be a ${what}`,
    })
    .pipe(z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`));

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const locationWriteSchema = z
  .strictObject({
    id: z.unknown().optional(),
    name: text(200),
    address: text(300),
    city: text(120),
    state: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a state code such as OR') })
      .trim()
      .toUpperCase()
      .refine((s) => /^[A-Z]{2}$/.test(s) && stateName(s) !== undefined, 'must be a known two-letter state code such as OR'),
    zipCode: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be a 5-digit ZIP code') })
      .trim()
      .regex(/^\d{5}$/, 'must be a 5-digit ZIP code'),
    latitude: decimal(-90, 90, 'latitude').nullish(),
    longitude: decimal(-180, 180, 'longitude').nullish(),
    phone: z.string({ error: 'must be text' }).trim().max(40, 'must be at most 40 characters').nullable().optional(),
    hours: z
      .string()
      .superRefine((v, ctx) => {
        const parsed = parseHoursJson(v);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
      })
      .optional(),
    amenities: z
      .array(z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters'), { error: 'must be a list of text' })
      .max(20, 'at most 20 amenities')
      .optional(),
    isOpen: z.boolean({ error: 'must be true or false' }).optional(),
    storeNumber: z.string({ error: 'must be text' }).trim().max(20, 'must be at most 20 characters').nullable().optional(),
    timeZone: z.string().refine(isValidTimeZone, 'must be an IANA time zone such as America/Los_Angeles').optional(),
  })
  .superRefine((s, ctx) => {
    if ((s.latitude == null) !== (s.longitude == null)) {
      const missing = s.latitude == null ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'give both latitude and longitude, or neither' });
    }
  });
