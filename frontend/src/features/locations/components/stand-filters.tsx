import { Button, Checkbox, Group } from '@mantine/core';
import { STAND_FILTERS, type StandFilter } from '../utils/filters';
import classes from './stand-filters.module.css';

export interface StandFiltersProps {
  active: readonly StandFilter[];
  onChange: (next: StandFilter[]) => void;
}

/**
 * The locator's filters (`filter=open-now&filter=walk-up`), a fieldset of the search's own GET form, so the URL
 * carries the search and the filters together and the server renders the filtered list. With JavaScript each
 * box applies at once; without it the Apply button submits the form, search text included.
 */
export function StandFilters({ active, onChange }: StandFiltersProps) {
  const toggle = (value: StandFilter, on: boolean) =>
    onChange(STAND_FILTERS.map((f) => f.value).filter((v) => (v === value ? on : active.includes(v))));
  return (
    <div className={classes.form}>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>Show only stands that are</legend>
        <Group gap="xs" wrap="wrap">
          {STAND_FILTERS.map((f) => (
            <Checkbox
              key={f.value}
              name="filter"
              value={f.value}
              label={f.label}
              checked={active.includes(f.value)}
              onChange={(event) => toggle(f.value, event.currentTarget.checked)}
              className={classes.option}
            />
          ))}
          {/* with JavaScript each box applies at once; without it, this submits the form */}
          <Button type="submit" variant="light" size="md">
            Apply filters
          </Button>
        </Group>
      </fieldset>
    </div>
  );
}
