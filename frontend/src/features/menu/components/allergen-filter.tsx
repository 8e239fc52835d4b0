import { ALLERGEN_NOTICE, ALLERGENS, type AllergenSlug } from '@coffee-guide/domain';
import { Text } from '@mantine/core';

/**
 * The menu's allergen filter (docs/drink-tools.md "Allergen filters"): one checkbox per allergen the menu's
 * data names, in the /menu GET form (`allergenFree=`, repeated without JavaScript, a comma list with it).
 * Only drinks whose every ingredient is known to be free are listed; the notice says they are estimates.
 */
export function AllergenFilter({
  form,
  selected,
  onChange,
  className,
  checkClassName,
}: {
  form: string;
  selected: readonly AllergenSlug[];
  onChange: (next: AllergenSlug[]) => void;
  className?: string;
  checkClassName?: string;
}) {
  return (
    <fieldset className={className} data-testid="allergen-filter">
      <legend>Free of</legend>
      {ALLERGENS.map((a) => (
        <label key={a.slug} className={checkClassName}>
          <input
            type="checkbox"
            form={form}
            name="allergenFree"
            value={a.slug}
            checked={selected.includes(a.slug)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              onChange(ALLERGENS.map((x) => x.slug).filter((s) => (s === a.slug ? on : selected.includes(s))));
            }}
          />
          {a.name}
        </label>
      ))}
    </fieldset>
  );
}

/** Said wherever an allergen filter is on (chosen, or a search such as "dairy free"). */
export function AllergenNotice() {
  return (
    <Text size="sm" role="note" data-testid="allergen-notice">
      {ALLERGEN_NOTICE}
    </Text>
  );
}
