/** Value and caffeine of a size: one function for the card, the drink page and the compare table (docs/drink-tools.md). Zod-free. */

/** A healthy adult's daily caffeine that the FDA cites as not generally associated with negative effects. */
export const CAFFEINE_DAILY_LIMIT_MG = 400;
export const CAFFEINE_SOURCE = {
  label: 'U.S. Food and Drug Administration, "Spilling the Beans: How Much Caffeine is Too Much?"',
  url: 'https://www.fda.gov/consumers/consumer-updates/spilling-beans-how-much-caffeine-too-much',
} as const;

export interface SizeFigures {
  price: string;
  ounces: number;
  caffeine: number | null;
}

export interface DrinkValue {
  /** Dollars per fluid ounce; null for items sold by the piece. */
  pricePerOz: number | null;
  /** Milligrams per fluid ounce; null when the caffeine or the ounces are unknown. */
  caffeinePerOz: number | null;
  /** Milligrams per dollar; null when the caffeine is unknown or the price is zero. */
  caffeinePerDollar: number | null;
  /** Share of the 400 mg a day, 0..1+ (null when unknown). */
  caffeineShareOfDay: number | null;
}

/** Price per fluid ounce, caffeine per fluid ounce and per dollar of one size: the only place they are computed. */
export function drinkValue({ price, ounces, caffeine }: SizeFigures): DrinkValue {
  const dollars = Number(price);
  const hasPrice = Number.isFinite(dollars) && dollars > 0;
  const hasOunces = Number.isFinite(ounces) && ounces > 0;
  const hasCaffeine = caffeine !== null && Number.isFinite(caffeine);
  return {
    pricePerOz: hasPrice && hasOunces ? dollars / ounces : null,
    caffeinePerOz: hasCaffeine && hasOunces ? caffeine / ounces : null,
    caffeinePerDollar: hasCaffeine && hasPrice ? caffeine / dollars : null,
    caffeineShareOfDay: hasCaffeine ? caffeine / CAFFEINE_DAILY_LIMIT_MG : null,
  };
}

/** The figures as the site prints them: '$0.27/fl oz', '9.4 mg/fl oz', '32 mg per $1'. */
export const formatValue = {
  pricePerOz: (v: number | null) => (v === null ? '–' : `$${v.toFixed(2)}/fl oz`),
  caffeinePerOz: (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} mg/fl oz`),
  caffeinePerDollar: (v: number | null) => (v === null ? '–' : `${Math.round(v)} mg per $1`),
};
