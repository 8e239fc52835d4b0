import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Title.layer.css';
import type { Location } from '@coffee-guide/contracts';
import { Anchor, Badge, Button, Card, Group, Table, Text, Title, VisuallyHidden, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MapPinIcon } from '@/components/icons/icons';
import SaveButton from '@/components/save-button/save-button';
import { useNow } from '@/lib/now';
import {
  AMENITIES_SHOWN,
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

/** A stand in a list: an article named by its heading, the name linking to the stand's own page. */
/** The id of a stand card's heading: a link's `#` target (the locator's "Show more results"). */
export const standHeadingId = (location: Pick<Location, 'id'>) => `stand-${location.id}-name`;

export function StandCard({
  location,
  headingOrder,
  children,
  rank,
  title,
}: {
  location: Location;
  headingOrder: TitleOrder;
  children: ReactNode;
  rank?: number;
  /** The heading text; the stand's full name when not given. */
  title?: string;
}) {
  const headingId = standHeadingId(location);
  return (
    <Card component="article" withBorder padding="md" radius="md" aria-labelledby={headingId} className={classes.card} data-testid="stand-card">
      <Group gap="xs" wrap="nowrap" align="flex-start" mb={6}>
        {rank !== undefined && (
          <Text component="span" className={classes.rank} aria-label={`Number ${rank}`}>
            {rank}
          </Text>
        )}
        <Title order={headingOrder} size="h5" id={headingId} className={classes.name}>
          <Anchor component={Link} to={standPath(location)} inherit className={classes.nameLink}>
            {title ?? location.name}
          </Anchor>
        </Title>
        <SaveButton kind="stand" item={location} name={location.name} className={classes.save} />
      </Group>
      {children}
    </Card>
  );
}

const BADGE: Record<ReturnType<typeof openState>, { label: (l: Location) => string; color: string; variant: 'filled' | 'outline' }> = {
  open: { label: () => 'Open', color: 'teal.9', variant: 'filled' },
  closed: { label: () => 'Closed', color: 'gray.7', variant: 'filled' },
  'not-operating': { label: (l) => l.statusText || 'Closed', color: 'coffee', variant: 'outline' },
};

/** The Open/Closed badge and "Open now, closes at 10 PM": computed in the stand's own time zone. */
export function OpenStatus({ location: answer, withBadge = true }: { location: Location; withBadge?: boolean }) {
  const location = statusAt(answer, useNow());
  const state = openState(location);
  const badge = BADGE[state];
  const text = statusLabel(location);
  return (
    <Group gap="xs" wrap="wrap" data-testid="open-status" data-state={state}>
      {withBadge && (
        <Badge color={badge.color} variant={badge.variant} className={classes.badge}>
          {badge.label(location)}
        </Badge>
      )}
      {(state !== 'not-operating' || !withBadge) && (
        <Text size="sm" fw={600} className={classes.status} data-state={state}>
          {text}
        </Text>
      )}
    </Group>
  );
}

export function StandAddress({ location, withZip = true }: { location: Location; withZip?: boolean }) {
  return (
    <Text size="sm" className={classes.address}>
      <MapPinIcon size={14} className={classes.inlineIcon} />
      {withZip ? fullAddress(location) : `${location.address}, ${location.city}, ${location.state}`}
    </Text>
  );
}

export function Distance({ location }: { location: Location }) {
  if (location.distanceMiles === null) return null;
  return (
    <Text size="sm" fw={700} c="coffee.8" data-testid="distance">
      {formatMiles(location.distanceMiles)} away
    </Text>
  );
}

export function Amenities({ location, max = AMENITIES_SHOWN }: { location: Location; max?: number }) {
  const shown = location.amenities.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <Group gap={6} role="list" aria-label="Amenities">
      {shown.map((a) => (
        <Badge key={a} role="listitem" variant="default" className={classes.amenity}>
          {a}
        </Badge>
      ))}
    </Group>
  );
}

/** The phone line: a tel link when a number is listed; nothing otherwise (numbers are never invented). */
export function PhoneLine({ location }: { location: Location }) {
  const href = telHref(location.phone);
  if (!href) return null;
  return (
    <Text size="sm">
      Phone:{' '}
      <Anchor href={href} inherit underline="always">
        {location.phone}
      </Anchor>
    </Text>
  );
}

/** "Tuesday: 5:00 AM - 10:00 PM" for the stand's local today; `fallback` when it has no hours. */
export function TodayHours({ location, fallback }: { location: Location; fallback: string }) {
  const now = useNow();
  const today = todayAt(location.timeZone, now);
  const text = location.hours[today];
  if (!hasHours(location) || !text) {
    return <Text size="sm">{fallback}</Text>;
  }
  return (
    <Text size="sm">
      <Text component="span" fw={600} inherit>
        Today ({today}):
      </Text>{' '}
      {text}
    </Text>
  );
}

export function DirectionsButton({ location, withZip = false, size = 'xs' }: { location: Location; withZip?: boolean; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Button component="a" href={directionsUrl(location, withZip)} target="_blank" rel="noopener noreferrer" size={size} variant="filled">
      Get Directions<VisuallyHidden> to {location.name} (opens in a new tab)</VisuallyHidden>
    </Button>
  );
}

/** 'Call Store' only when the stand has a listed number. */
export function CallButton({ location, size = 'xs' }: { location: Location; size?: 'xs' | 'sm' | 'md' }) {
  const href = telHref(location.phone);
  if (!href) return null;
  return (
    <Button component="a" href={href} size={size} variant="outline">
      Call Store<VisuallyHidden> {location.name}</VisuallyHidden>
    </Button>
  );
}

/** The weekly hours, today (at the stand) highlighted. */
export function WeeklyHoursTable({ location, caption }: { location: Location; caption?: string }) {
  const now = useNow();
  const today = todayAt(location.timeZone, now);
  const rows = weeklyHours(location);
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" className={classes.hoursTable} data-testid="weekly-hours">
      <caption className={classes.caption}>{caption ?? `Weekly hours of ${standLabel(location)} (local time)`}</caption>
      <Table.Tbody>
        {rows.map(({ day, text }) => (
          <Table.Tr key={day} data-today={day === today || undefined} aria-current={day === today ? 'date' : undefined}>
            <Table.Th scope="row" fw={day === today ? 800 : 500}>
              {day}
              {day === today && <VisuallyHidden> (today)</VisuallyHidden>}
            </Table.Th>
            <Table.Td fw={day === today ? 800 : 400}>{text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
