import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { Button, Checkbox, Group } from '@mantine/core';
import { STAND_FILTERS, type StandFilter } from '../utils/filters';
import classes from './stand-filters.module.css';

export interface StandFiltersProps {
  active: readonly StandFilter[];
  /** The search text the filters apply to, kept in the form. */
  q: string;
  onChange: (next: StandFilter[]) => void;
}

/**
 * The locator's filters: a GET form to /locations (`filter=open-now&filter=walk-up`), so the URL carries them,
 * the server renders the filtered list, and without JavaScript the Apply button submits them.
 */
export function StandFilters({ active, q, onChange }: StandFiltersProps) {
  const toggle = (value: StandFilter, on: boolean) =>
    onChange(STAND_FILTERS.map((f) => f.value).filter((v) => (v === value ? on : active.includes(v))));
  return (
    <form
      action="/locations"
      method="get"
      aria-label="Filter stands"
      className={classes.form}
      onSubmit={(event) => {
        event.preventDefault();
        onChange([...active]);
      }}
    >
      {q && <input type="hidden" name="q" value={q} />}
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
    </form>
  );
}
