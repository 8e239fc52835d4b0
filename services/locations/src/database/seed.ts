import { readFile } from 'node:fs/promises';
import { isValidTimeZone, weeklyHoursMinutesSchema } from '@coffee-guide/contracts';
import { CLOSED_WEEK, stateName } from '@coffee-guide/domain';
import { insertWithIds, resetSequence } from '@coffee-guide/nest-common/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { StandEntity } from '../stands/stand.entity';

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a slug');

export const standSeedSchema = z.object({
  id: z.number().int().positive(),
  code: z.string().min(1).max(20),
  storeNumber: z.string().max(20).nullable(),
  name: z.string().min(1).max(200),
  slug,
  address: z.string().min(1).max(300),
  city: z.string().min(1).max(120),
  citySlug: slug,
  state: z.string().refine((s) => /^[A-Z]{2}$/.test(s) && stateName(s) !== undefined, 'must be a known state code'),
  zipCode: z.string().regex(/^\d{5}$/),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timeZone: z.string().refine(isValidTimeZone, 'must be an IANA time zone'),
  /** null: no hours at all (a stand not yet open). */
  hours: weeklyHoursMinutesSchema.nullable(),
  amenities: z.array(z.string()),
  isOpen: z.boolean(),
  phone: z.string().nullable(),
  notes: z.array(z.string()).default([]),
  source: z.string().max(300).optional(),
  asOf: z.iso.date().nullable().optional(),
  estimated: z.boolean().optional(),
});
export type StandSeed = z.infer<typeof standSeedSchema>;

/** The committed seed: `{ ..., stands: [...] }` (a bare array of stands is read too). */
export const standsSeedSchema = z
  .union([
    z.object({ stands: z.array(standSeedSchema) }).loose(),
    z.array(standSeedSchema).transform((stands) => ({ stands })),
  ])
  .superRefine((seed, ctx) => {
    const seen = new Set<string>();
    seed.stands.forEach((s, i) => {
      const key = `${s.state}/${s.citySlug}/${s.slug}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['stands', i, 'slug'], message: `duplicate stand slug ${key}` });
      seen.add(key);
    });
  });
export type StandsSeed = z.infer<typeof standsSeedSchema>;

export async function readStandsSeed(file: string): Promise<StandsSeed> {
  return standsSeedSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/**
 * Seeds an empty locations database in one transaction, exactly: every stand keeps the seed's id and the
 * sequence is set past the highest afterwards, whatever it stood at. A database that has any stand is
 * left as it is.
 */
export async function seedLocations(dataSource: DataSource, seed: StandsSeed): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    if ((await manager.count(StandEntity)) > 0) return false;
    const rows = seed.stands.map((s) => ({
      id: s.id,
      code: s.code,
      storeNumber: s.storeNumber,
      name: s.name,
      slug: s.slug,
      address: s.address,
      city: s.city,
      citySlug: s.citySlug,
      state: s.state,
      zipCode: s.zipCode,
      latitude: s.latitude,
      longitude: s.longitude,
      timeZone: s.timeZone,
      hours: s.hours ?? CLOSED_WEEK,
      amenities: s.amenities,
      isOpen: s.isOpen,
      phone: s.phone,
      notes: s.notes,
      source: s.source ?? '',
      asOf: s.asOf ?? null,
      estimated: s.estimated ?? false,
    }));
    await insertWithIds(manager, StandEntity, rows);
    await resetSequence(manager, 'stands');
    return true;
  });
}
