import { type DayHours } from '@coffee-guide/contracts';
import { dayText, is24Hours, WEEKDAY_KEYS, WEEKDAY_NAMES, type WeeklyHoursMinutes } from '@coffee-guide/domain';
import { Alert, Button, Group, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useId } from 'react';
import { DEFAULT_DAY, dayFromTimes, hoursJson, minutesToTimeInput, parseHoursJson, timeInputToMinutes } from './hours';

/** An opening or closing time; a cleared input changes nothing. */
function TimeField({
  label,
  minutes,
  disabled,
  onChange,
}: {
  label: string;
  minutes: number;
  disabled: boolean;
  onChange: (minutes: number) => void;
}) {
  return (
    <TextInput
      type="time"
      aria-label={label}
      size="xs"
      value={minutesToTimeInput(minutes)}
      disabled={disabled}
      onChange={(e) => {
        const next = timeInputToMinutes(e.currentTarget.value);
        if (next !== null) onChange(next);
      }}
    />
  );
}

export interface WeeklyHoursEditorProps {
  /** The hours as JSON text (what is sent); the editor reads and writes it. */
  value: string;
  onChange: (value: string) => void;
  /** A message from the form's validation or the server. */
  error?: string;
}

/**
 * docs/decisions.md, "Confirmed deletes and the hours editor": a row per weekday with closed and 24-hour switches and the opening times; the
 * JSON text stays available below, validated as it is typed.
 */
export function WeeklyHoursEditor({ value, onChange, error }: WeeklyHoursEditorProps) {
  const parsed = parseHoursJson(value);
  const textId = useId();
  const week = parsed.ok ? parsed.week : null;

  const setDay = (key: (typeof WEEKDAY_KEYS)[number], day: DayHours | null) => {
    if (!week) return;
    onChange(hoursJson({ ...week, [key]: day }));
  };

  const copyMondayToAll = () => {
    if (!week) return;
    onChange(hoursJson(Object.fromEntries(WEEKDAY_KEYS.map((k) => [k, week.monday])) as WeeklyHoursMinutes));
  };

  // While the text does not read, its own first problem (naming the day); else the form's or the server's.
  const textError = parsed.ok ? error : `Hours ${parsed.message}`;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center">
        <Text size="sm" fw={500} id={`${textId}-label`}>
          Weekly hours
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={copyMondayToAll} disabled={!week}>
          Use Monday’s hours every day
        </Button>
      </Group>
      {week ? (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} aria-labelledby={`${textId}-label`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th>Closed</Table.Th>
                <Table.Th>24 hours</Table.Th>
                <Table.Th>Opens</Table.Th>
                <Table.Th>Closes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {WEEKDAY_KEYS.map((key, i) => {
                const name = WEEKDAY_NAMES[i];
                const day = week[key];
                const closed = day === null;
                const allDay = is24Hours(day);
                const times = day && !allDay ? day : DEFAULT_DAY;
                return (
                  <Table.Tr key={key} data-day={key}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {dayText(day)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${name} closed`}
                        checked={closed}
                        onChange={(e) => setDay(key, e.currentTarget.checked ? null : { ...DEFAULT_DAY })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${name} open 24 hours`}
                        checked={allDay}
                        disabled={closed}
                        onChange={(e) =>
                          setDay(key, e.currentTarget.checked ? { open: 0, close: 1440 } : { ...DEFAULT_DAY })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <TimeField
                        label={`${name} opens`}
                        minutes={times.open}
                        disabled={closed || allDay}
                        onChange={(open) => setDay(key, dayFromTimes(open, times.close))}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TimeField
                        label={`${name} closes`}
                        minutes={times.close}
                        disabled={closed || allDay}
                        onChange={(close) => setDay(key, dayFromTimes(times.open, close))}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Alert color="yellow" variant="light">
          The editor is off while the hours text below is not valid: correct the text to use it again.
        </Alert>
      )}
      <Textarea
        id={textId}
        label="Hours (JSON text)"
        description='Weekday name to hours, e.g. {"Monday": "5:00 AM - 10:00 PM", "Sunday": "Closed"}; a day left out is closed'
        autosize
        minRows={4}
        maxRows={10}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={textError}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        spellCheck={false}
      />
    </Stack>
  );
}
