import { type AdminLocation, type Location } from '@coffee-guide/contracts';
import { hoursToText, openStatus, stateName } from '@coffee-guide/domain';
import { roundMiles } from '../geo/geo';
import type { StandEntity } from './stand.entity';

export interface LocationView {
  location: Location;
  /** Until when the computed fields hold (next opening/closing or the stand's next local midnight). */
  validUntil: Date;
}

/** Entity -> the public Location, field by field, with open-now computed at `at`. */
export function toLocation(stand: StandEntity, at: Date, distanceMiles: number | null = null): LocationView {
  const status = openStatus({ hours: stand.hours, timeZone: stand.timeZone, isOpen: stand.isOpen }, at);
  return {
    validUntil: status.validUntil,
    location: {
      id: stand.id,
      name: stand.name,
      address: stand.address,
      city: stand.city,
      state: stand.state,
      zipCode: stand.zipCode,
      phone: stand.phone,
      latitude: stand.latitude,
      longitude: stand.longitude,
      hours: hoursToText(stand.hours),
      amenities: stand.amenities,
      isOpen: stand.isOpen,
      slug: stand.slug,
      citySlug: stand.citySlug,
      stateName: stateName(stand.state) ?? stand.state,
      storeNumber: stand.storeNumber,
      timeZone: stand.timeZone,
      openNow: status.openNow,
      todayHours: status.todayHours,
      statusText: status.statusText,
      nextChangeAt: status.nextChangeAt ? status.nextChangeAt.toISOString() : null,
      openLate: status.openLate,
      distanceMiles: distanceMiles === null ? null : roundMiles(distanceMiles),
      hoursMinutes: stand.hours,
      source: stand.source,
      asOf: stand.asOf,
      estimated: stand.estimated,
    },
  };
}

export function toAdminLocation(stand: StandEntity, at: Date): AdminLocation {
  return { ...toLocation(stand, at).location, code: stand.code, notes: stand.notes };
}

/** The earliest instant any of the answer's computed fields changes; null for an empty answer. */
export function validUntilOf(views: LocationView[]): Date | null {
  let min: Date | null = null;
  for (const v of views) if (min === null || v.validUntil < min) min = v.validUntil;
  return min;
}
