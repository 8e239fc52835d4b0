import type { WeeklyHoursMinutes } from '@coffee-guide/contracts';

// The text form of the hours (both ways) and the admin's hours input live in the public contracts
// (`hoursToText`, `parseDayText`, `hoursInputSchema`, ...): the admin editor reads and writes the same.

/** A stand without hours: closed every day. */
export const CLOSED_WEEK: WeeklyHoursMinutes = {
  monday: null,
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
  sunday: null,
};
