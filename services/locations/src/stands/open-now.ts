/** Open now in the stand's own time zone: shared with the public pages (contracts' open-now module). */
export { openStatus, wallClock, type OpenStatus, type StandHours } from '@coffee-guide/contracts';
/** True for a time zone name Intl knows ("America/Phoenix"): the admin write's check, for the seed too. */
export { isValidTimeZone } from '@coffee-guide/contracts';
