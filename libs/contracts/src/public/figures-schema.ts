import { z } from 'zod';
import type { CatalogFigures, SiteFigures, StandFigures } from '@coffee-guide/domain';

const range = z.object({ min: z.number(), max: z.number() });

/** GET /menu/figures of the catalog: the menu's figures and its models' dates. */
export const catalogFiguresSchema = z.object({
  /** Estimated caffeine in mg over every drink and size of a category, by category slug. */
  caffeine: z.record(z.string(), range),
  /** Cheapest and dearest drink price (snacks left out), decimal text. */
  price: z.object({ min: z.string(), max: z.string() }).nullable(),
  /** The price model's and the nutrition model's as-of dates (ISO), null when unknown. */
  pricesAsOf: z.string().nullable(),
  nutritionAsOf: z.string().nullable(),
});

export const standFiguresSchema = z.object({
  standCount: z.number().int(),
  stateCount: z.number().int(),
  openStandCount: z.number().int(),
  notOpenCount: z.number().int(),
  open24HoursCount: z.number().int(),
  /** Per state code ("OR"): its stands and its stands open 24 hours. */
  perState: z.record(z.string(), z.object({ stands: z.number().int(), open24Hours: z.number().int() })),
  /** The newest as-of date of the stand list (ISO), null when no stand has one. */
  standsAsOf: z.string().nullable(),
});

/** The figures and dates of the site bundle: the catalog's, the stand list's and the newest date of all. */
export const siteFiguresSchema = catalogFiguresSchema.extend(standFiguresSchema.shape).extend({
  /** The newest of the data's as-of dates (the footer's "last updated"). */
  dataAsOf: z.string().nullable(),
});

// The schemas describe the interfaces of ./figures exactly (a drift is a compile error).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type FigureSchemasMatch = [
  Assert<Same<z.infer<typeof catalogFiguresSchema>, CatalogFigures>>,
  Assert<Same<z.infer<typeof standFiguresSchema>, StandFigures>>,
  Assert<Same<z.infer<typeof siteFiguresSchema>, SiteFigures>>,
];
