import { standWriteSchema, type AdminLocation } from '@coffee-guide/contracts';
import { US_STATES, WEEKDAY_KEYS, type WeeklyHoursMinutes } from '@coffee-guide/domain';
import { Badge, Fieldset, Group, Select, SimpleGrid, Switch, TagsInput, TextInput, Tooltip } from '@mantine/core';
import { locationsResource } from '@/admin/api/resources';
import { CrudManager } from '@/admin/components/crud-manager';
import type { Column } from '@/admin/components/data-table';
import { useSelectFilter } from '@/admin/components/row-filter';
import { EntityFormModal } from '@/admin/forms/entity-form-modal';
import { useResourceForm } from '@/admin/forms/use-resource-form';
import { NameCell, StatusBadge } from '../shared';
import { DEFAULT_DAY, hoursJson } from './hours';
import { WeeklyHoursEditor } from './weekly-hours-editor';

const STATE_OPTIONS = Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${code} – ${name}` }));

/** The stand operates (isOpen) and, beside it, whether it is open at this moment in its own time zone. */
export function LocationStatus({ location }: { location: Pick<AdminLocation, 'isOpen' | 'openNow' | 'statusText'> }) {
  return (
    <Group gap={4} wrap="nowrap">
      <StatusBadge on={location.isOpen} onLabel="Open" offLabel="Closed" />
      <Tooltip label={location.statusText} openDelay={300}>
        <Badge variant="dot" color={location.openNow ? 'teal' : 'gray'} tt="none" data-open-now={location.openNow}>
          {location.openNow ? 'Open now' : 'Closed now'}
        </Badge>
      </Tooltip>
    </Group>
  );
}

const columns: Column<AdminLocation>[] = [
  {
    key: 'name',
    csvColumn: 'name',
    header: 'Name',
    value: (r) => `${r.name} ${r.address}`,
    render: (r) => <NameCell name={r.name} detail={r.address} />,
  },
  { key: 'city', header: 'City', csvColumn: 'city', value: (r) => r.city },
  { key: 'state', header: 'State', csvColumn: 'state', value: (r) => r.state },
  { key: 'zip', header: 'ZIP', csvColumn: 'zipCode', value: (r) => r.zipCode },
  {
    key: 'status',
    header: 'Status',
    value: (r) => `${r.isOpen ? 'Open' : 'Closed'} ${r.openNow ? 'Open now' : 'Closed now'}`,
    searchable: false,
    render: (r) => <LocationStatus location={r} />,
  },
];

type LocationValues = {
  name: string;
  address: string;
  city: string;
  state: string | null;
  zipCode: string;
  phone: string;
  latitude: string;
  longitude: string;
  hours: string;
  amenities: string[];
  isOpen: boolean;
  storeNumber: string;
  timeZone: string;
  /** Provenance of the stand's facts (docs/data/figures.md). */
  source: string;
  asOf: string;
  estimated: boolean;
};

const NEW_STAND_HOURS = hoursJson(
  Object.fromEntries(WEEKDAY_KEYS.map((k) => [k, { ...DEFAULT_DAY }])) as WeeklyHoursMinutes,
);

function initialValues(l: AdminLocation | null): LocationValues {
  return {
    name: l?.name ?? '',
    address: l?.address ?? '',
    city: l?.city ?? '',
    state: l?.state ?? null,
    zipCode: l?.zipCode ?? '',
    phone: l?.phone ?? '',
    latitude: l ? String(l.latitude) : '',
    longitude: l ? String(l.longitude) : '',
    hours: l ? JSON.stringify(l.hours, null, 2) : NEW_STAND_HOURS,
    amenities: l?.amenities ?? [],
    isOpen: l?.isOpen ?? true,
    storeNumber: l?.storeNumber ?? '',
    timeZone: l?.timeZone ?? '',
    source: l?.source ?? '',
    asOf: l?.asOf ?? '',
    estimated: l?.estimated ?? false,
  };
}

const emptyToNull = (v: string) => (v.trim() === '' ? null : v.trim());

function toPayload(v: LocationValues) {
  return {
    name: v.name,
    address: v.address,
    city: v.city,
    state: v.state ?? undefined,
    zipCode: v.zipCode,
    phone: emptyToNull(v.phone),
    latitude: emptyToNull(v.latitude),
    longitude: emptyToNull(v.longitude),
    hours: v.hours,
    amenities: v.amenities,
    isOpen: v.isOpen,
    storeNumber: emptyToNull(v.storeNumber),
    ...(v.timeZone.trim() ? { timeZone: v.timeZone.trim() } : {}),
    source: v.source,
    asOf: emptyToNull(v.asOf),
    estimated: v.estimated,
  };
}

function LocationForm({ location, onClose }: { location: AdminLocation | null; onClose: () => void }) {
  const { form, modal } = useResourceForm(locationsResource, {
    row: location,
    initialValues: initialValues(location),
    toPayload,
    schema: standWriteSchema,
    noun: 'Location',
    savedMessage: (v) => `“${v.name.trim()}” was saved.`,
    onClose,
  });
  const hours = form.getInputProps('hours');

  return (
    <EntityFormModal title={location ? `Edit ${location.name}` : 'Add Location'} size="xl" {...modal}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Address" withAsterisk {...form.getInputProps('address')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
        <Select label="State" withAsterisk data={STATE_OPTIONS} searchable {...form.getInputProps('state')} />
        <TextInput label="ZIP code" withAsterisk inputMode="numeric" maxLength={5} {...form.getInputProps('zipCode')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Phone" {...form.getInputProps('phone')} />
        <TextInput
          label="Latitude"
          inputMode="decimal"
          description="Empty: taken from the ZIP"
          {...form.getInputProps('latitude')}
        />
        <TextInput
          label="Longitude"
          inputMode="decimal"
          description="Empty: taken from the ZIP"
          {...form.getInputProps('longitude')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Store number" {...form.getInputProps('storeNumber')} />
        <TextInput
          label="Time zone"
          placeholder="America/Los_Angeles"
          description="Empty: taken from nearby stands"
          {...form.getInputProps('timeZone')}
        />
      </SimpleGrid>
      <TagsInput
        label="Amenities"
        description="A comma ends an entry"
        splitChars={[',']}
        clearable
        {...form.getInputProps('amenities')}
      />
      <Switch
        label="Operating (the stand is open for business)"
        description="Off: temporarily closed or not yet open"
        {...form.getInputProps('isOpen', { type: 'checkbox' })}
      />
      <Fieldset legend="Where the stand's facts come from">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Source"
            description="Shown on the stand page, e.g. The chain's store locator"
            {...form.getInputProps('source')}
          />
          <TextInput
            label="As of"
            type="date"
            description="The date the facts are true for"
            {...form.getInputProps('asOf')}
          />
          <Switch
            mt="lg"
            label="Estimated (not listed by the chain)"
            {...form.getInputProps('estimated', { type: 'checkbox' })}
          />
        </SimpleGrid>
      </Fieldset>
      <WeeklyHoursEditor
        value={form.values.hours}
        onChange={hours.onChange}
        error={typeof hours.error === 'string' ? hours.error : undefined}
      />
    </EntityFormModal>
  );
}

export function LocationsManager() {
  const filter = useSelectFilter<AdminLocation>(
    (r) => r.state,
    { label: 'State', placeholder: 'All states', data: STATE_OPTIONS, searchable: true },
    'state',
  );
  return (
    <CrudManager
      title="Locations"
      noun="location"
      resource={locationsResource}
      csv="locations"
      itemName={(r) => r.name}
      columns={columns}
      filter={filter}
      table={{ searchPlaceholder: 'Name, address, city, state or ZIP', emptyText: 'No locations yet.' }}
      renderForm={(row, close) => <LocationForm location={row} onClose={close} />}
    />
  );
}
