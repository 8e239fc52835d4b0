import type { Location } from '@coffee-guide/contracts';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MapPinIcon } from '@/components/icons/icons';
import SaveButton from '@/components/save-button/save-button';
import { useNow } from '@/lib/now';
import {
  AMENITIES_SHOWN,
  HOURS_LINES_SHOWN,
  directionsUrl,
  formatMiles,
  fullAddress,
  hasHours,
  openState,
  standLabel,
  standPath,
  statusAt,
  statusLabel,
  telHref,
  todayAt,
  weeklyHours,
} from '../utils/location';
import classes from './stand-parts.module.css';

// A state's page holds up to 160 of these cards and the overview 30 or more: they are plain elements styled by
// this module's classes (Mantine's Card, Group, Text, Badge and Button looks, drawn with its theme variables):
// a state's page is 57% of the HTML it was, and no Mantine component in a card is left to hydrate (docs/web.md,
// "Long lists").

type HeadingOrder = 2 | 3 | 4 | 5 | 6;

/** The id of a stand card's heading: a link's `#` target (the locator's "Show more results"). */
export const standHeadingId = (location: Pick<Location, 'id'>) => `stand-${location.id}-name`;

/** A stand in a list: an article named by its heading, the name linking to the stand's own page. */
export function StandCard({
  location,
  headingOrder,
  children,
  rank,
  title,
  laidOutAhead = false,
  headingId = standHeadingId(location),
}: {
  location: Location;
  headingOrder: HeadingOrder;
  children: ReactNode;
  rank?: number;
  /** The heading text; the stand's full name when not given. */
  title?: string;
  /**
   * Laid out even far from the screen: a short list that grows in place ("Show more results"). A card laid out
   * only near the screen has a guessed height until then, and the page kept its place by those guesses: it
   * jumped 400 px when the results grew.
   */
  laidOutAhead?: boolean;
  /** The heading's id: another than standHeadingId's when the stand is listed twice on one page (ids are unique). */
  headingId?: string;
}) {
  const Heading = `h${headingOrder}` as const;
  return (
    <article
      aria-labelledby={headingId}
      className={classes.card}
      data-laid-out-ahead={laidOutAhead || undefined}
      data-testid="stand-card"
    >
      <div className={classes.head}>
        {rank !== undefined && (
          <span className={classes.rank} role="img" aria-label={`Number ${rank}`}>
            {rank}
          </span>
        )}
        <Heading id={headingId} className={classes.name}>
          <Link to={standPath(location)} className={classes.nameLink}>
            {title ?? location.name}
          </Link>
        </Heading>
        <SaveButton kind="stand" item={location} name={location.name} className={classes.save} />
      </div>
      {children}
    </article>
  );
}

/** A card's buttons, at its foot. */
export function StandActions({ children }: { children: ReactNode }) {
  return <div className={classes.actions}>{children}</div>;
}

const BADGE_LABEL: Record<ReturnType<typeof openState>, (l: Location) => string> = {
  open: () => 'Open',
  closed: () => 'Closed',
  'not-operating': (l) => l.statusText || 'Closed',
};

/** The Open/Closed badge and "Open now, closes at 10 PM": computed in the stand's own time zone. */
export function OpenStatus({ location: answer, withBadge = true }: { location: Location; withBadge?: boolean }) {
  const location = statusAt(answer, useNow());
  const state = openState(location);
  const text = statusLabel(location);
  return (
    <div className={classes.status} data-testid="open-status" data-state={state}>
      {withBadge && (
        <span className={classes.badge} data-state={state}>
          {BADGE_LABEL[state](location)}
        </span>
      )}
      {(state !== 'not-operating' || !withBadge) && (
        <p className={classes.statusText} data-state={state}>
          {text}
        </p>
      )}
    </div>
  );
}

export function StandAddress({ location, withZip = true }: { location: Location; withZip?: boolean }) {
  return (
    <p className={`${classes.text} ${classes.address}`}>
      <MapPinIcon size={14} className={classes.inlineIcon} />
      {withZip ? fullAddress(location) : `${location.address}, ${location.city}, ${location.state}`}
    </p>
  );
}

export function Distance({ location }: { location: Location }) {
  if (location.distanceMiles === null) return null;
  return (
    <p className={`${classes.text} ${classes.distance}`} data-testid="distance">
      {formatMiles(location.distanceMiles)} away
    </p>
  );
}

export function Amenities({ location, max = AMENITIES_SHOWN }: { location: Location; max?: number }) {
  const shown = location.amenities.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <ul className={classes.amenities} aria-label="Amenities">
      {shown.map((a) => (
        <li key={a} className={classes.amenity}>
          {a}
        </li>
      ))}
    </ul>
  );
}

/** The phone line: a tel link when a number is listed; nothing otherwise (numbers are never invented). */
export function PhoneLine({ location }: { location: Location }) {
  const href = telHref(location.phone);
  if (!href) return null;
  return (
    <p className={classes.text}>
      Phone:{' '}
      <a href={href} className={classes.link}>
        {location.phone}
      </a>
    </p>
  );
}

/** "Tuesday: 5:00 AM - 10:00 PM" for the stand's local today; `fallback` when it has no hours. */
export function TodayHours({ location, fallback }: { location: Location; fallback: string }) {
  const now = useNow();
  const today = todayAt(location.timeZone, now);
  const text = location.hours[today];
  if (!hasHours(location) || !text) {
    return <p className={classes.text}>{fallback}</p>;
  }
  return (
    <p className={classes.text}>
      <span className={classes.strong}>Today ({today}):</span> {text}
    </p>
  );
}

/** The first days of the week's hours, and a link to the stand's page for the rest. */
export function WeekHoursLines({ location }: { location: Location }) {
  const hours = weeklyHours(location);
  return (
    <div>
      {hours.slice(0, HOURS_LINES_SHOWN).map(({ day, text }) => (
        <p key={day} className={classes.text}>
          {day}: {text}
        </p>
      ))}
      {hours.length > HOURS_LINES_SHOWN && (
        <Link to={standPath(location)} className={`${classes.text} ${classes.more}`}>
          + more hours<span className="visually-hidden"> of {location.name}</span>
        </Link>
      )}
    </div>
  );
}

type ButtonSize = 'xs' | 'sm';

export function DirectionsButton({
  location,
  withZip = false,
  size = 'xs',
}: {
  location: Location;
  withZip?: boolean;
  size?: ButtonSize;
}) {
  return (
    <a
      href={directionsUrl(location, withZip)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${classes.button} mantine-focus-auto mantine-active`}
      data-variant="filled"
      data-size={size}
    >
      Get Directions<span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
    </a>
  );
}

/** 'Call Store' only when the stand has a listed number. */
export function CallButton({ location, size = 'xs' }: { location: Location; size?: ButtonSize }) {
  const href = telHref(location.phone);
  if (!href) return null;
  return (
    <a
      href={href}
      className={`${classes.button} mantine-focus-auto mantine-active`}
      data-variant="outline"
      data-size={size}
    >
      Call Store<span className="visually-hidden"> {location.name}</span>
    </a>
  );
}

/** The weekly hours, today (at the stand) highlighted. */
export function WeeklyHoursTable({ location, caption }: { location: Location; caption?: string }) {
  const now = useNow();
  const today = todayAt(location.timeZone, now);
  const rows = weeklyHours(location);
  return (
    <Table
      withRowBorders={false}
      verticalSpacing={2}
      horizontalSpacing="xs"
      className={classes.hoursTable}
      data-testid="weekly-hours"
    >
      <caption className={classes.caption}>{caption ?? `Weekly hours of ${standLabel(location)} (local time)`}</caption>
      <Table.Tbody>
        {rows.map(({ day, text }) => (
          <Table.Tr key={day} data-today={day === today || undefined} aria-current={day === today ? 'date' : undefined}>
            <Table.Th scope="row" fw={day === today ? 800 : 500}>
              {day}
              {day === today && <span className="visually-hidden"> (today)</span>}
            </Table.Th>
            <Table.Td fw={day === today ? 800 : 400}>{text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
