import type { DrinkDetail } from '@coffee-guide/contracts';
import {
  type Changes,
  type CustomisedFigures,
  type DrinkChoices,
  foodTableOf,
  MILK_LABELS,
  MILK_TOKENS,
  type MilkChoice,
  SIZE_NAMES,
  type SizeName,
  changesToQuery,
  customisedFigures,
  describeDifference,
  drinkChoices,
  isPricedCategory,
  parseChanges,
} from '@coffee-guide/recipe';
import { Alert, Box, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { formatPrice, titleFromSlug } from '@/lib/format';
import { useFoods } from '@/features/menu/api/get-foods';
import classes from './make-it-yours.module.css';

const FORM_ID = 'make-it-yours';

type QueryRecord = Record<string, string>;

/** The page's query as a record (the last value of a repeated key), the changes' reading of it. */
export function useDrinkChanges(drink: DrinkDetail) {
  const [params] = useSearchParams();
  const choices: DrinkChoices = drink.customise;
  const query = useMemo(() => Object.fromEntries(params.entries()) as QueryRecord, [params]);
  const defaultSize = (drink.sizeDetails[0]?.size ?? 'small') as SizeName;
  const parsed = useMemo(() => parseChanges(query, choices, defaultSize), [query, choices, defaultSize]);
  return { choices, query, ...parsed };
}

/** Computes a customised drink's figures in the page (the library, no request), with the stored foods table. */
export function useCustomisedFigures(drink: DrinkDetail, changes: Changes): CustomisedFigures | null {
  const foods = useFoods(drink.customise.customisable);
  const table = useMemo(() => foodTableOf(foods.data?.foods), [foods.data]);
  return useMemo(() => {
    const recipe = drink.customise.recipe;
    if (!recipe || !isPricedCategory(drink.categorySlug)) return null;
    const sizes = drink.sizeDetails.map((s) => ({ size: s.size as SizeName, price: s.price, nutrition: s.nutrition }));
    return customisedFigures(
      { recipe, category: drink.categorySlug, sizes, foods: table },
      drinkChoices(recipe, drink.variants),
      changes,
    );
  }, [drink, changes, table]);
}

function signed(x: number, unit: string): string {
  if (x === 0) return 'same as the menu';
  const abs = Math.abs(x);
  const text = unit === '$' ? `$${abs.toFixed(2)}` : `${Number.isInteger(abs) ? abs : abs.toFixed(1)}${unit}`;
  return `${x > 0 ? '+' : '−'}${text}`;
}

function Figure({
  label,
  value,
  diff,
  unit,
  testId,
}: {
  label: string;
  value: string;
  diff: number;
  unit: string;
  testId: string;
}) {
  return (
    <Box className={classes.figure} data-testid={`custom-${testId}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={`custom-${testId}-value`}>
        {value}
      </Text>
      <Text size="xs" c={diff === 0 ? 'dimmed' : undefined} data-testid={`custom-${testId}-diff`}>
        {signed(diff, unit)}
      </Text>
    </Box>
  );
}

function pumpsOptions(max: number, sugarFree: boolean, onMenu: boolean) {
  const out: Array<{ value: string; label: string }> = [{ value: '0', label: onMenu ? 'None' : 'Not added' }];
  for (let n = 1; n <= max; n++) {
    out.push({ value: String(n), label: `${n} pump${n > 1 ? 's' : ''}` });
    if (sugarFree) out.push({ value: `sf:${n}`, label: `${n} pump${n > 1 ? 's' : ''}, sugar-free` });
  }
  return out;
}

/**
 * "Make it yours": the drink's choices as a GET form whose state is the page's URL
 * (`?size=large&milk=oat&shots=3&vanilla=sf:2`). With JavaScript a change updates the URL and the figures at
 * once; without it the form submits and the server renders the same URL. Reset links to the menu version.
 */
export function MakeItYours({ drink }: { drink: DrinkDetail }) {
  const { choices, changes, errors } = useDrinkChanges(drink);
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const figures = useCustomisedFigures(drink, changes);
  const i = SIZE_NAMES.indexOf(changes.size);
  // the changes as last applied: two quick changes before the URL re-renders the panel both count
  const latest = useRef(changes);
  useEffect(() => {
    latest.current = changes;
  }, [changes]);
  const ignored = Object.entries(errors);
  const notice = ignored.length > 0 && (
    <Alert color="yellow" title="Some changes in this link were ignored" data-testid="ignored-changes">
      {ignored.map(([field, message]) => `${field}: ${message}`).join('; ')}.
    </Alert>
  );

  if (!choices.customisable || !figures) {
    return (
      <Stack gap="md">
        {notice}
        <Text data-testid="not-customisable">{choices.reason ?? 'This drink cannot be changed here.'}</Text>
      </Stack>
    );
  }

  /** One control changed: the URL's changes plus that one (never the other controls' DOM, which may lag). */
  const change = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLSelectElement;
    if (!target.name) return;
    const query: QueryRecord = { ...Object.fromEntries(changesToQuery(latest.current)), [target.name]: target.value };
    // a new size keeps the visitor's changes (shots and pumps as chosen) on that size's menu version
    latest.current = parseChanges(query, choices, changes.size).changes;
    setParams(new URLSearchParams(changesToQuery(latest.current)), { replace: true, preventScrollReset: true });
  };
  /** The button (with JavaScript): the whole form, as a browser without it would send it. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query: QueryRecord = {};
    new FormData(event.currentTarget).forEach((value, key) => {
      if (typeof value === 'string') query[key] = value;
    });
    latest.current = parseChanges(query, choices, changes.size).changes;
    setParams(new URLSearchParams(changesToQuery(latest.current)), { replace: true, preventScrollReset: true });
  };

  const currentFlavour = (key: string, onMenu: boolean, defaultPumps: number[], defaultSugarFree: boolean) => {
    const c = changes.flavours?.[key];
    if (c) return `${c.sugarFree && c.pumps > 0 ? 'sf:' : ''}${c.pumps}`;
    const n = onMenu ? defaultPumps[i] : 0;
    return `${defaultSugarFree && n > 0 ? 'sf:' : ''}${n}`;
  };
  const n = figures.nutrition;
  const d = figures.difference.nutrition;
  const summary = describeDifference(figures.difference);

  return (
    <Stack gap="md">
      {notice}
      <form
        id={FORM_ID}
        method="get"
        action={location.pathname}
        onChange={change}
        onSubmit={submit}
        aria-label="Make it yours"
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <NativeSelect
            name="size"
            label="Size"
            value={changes.size}
            onChange={() => undefined}
            data={drink.sizeDetails.map((s) => ({ value: s.size, label: titleFromSlug(s.size) }))}
          />
          {choices.serves.length > 0 && (
            <NativeSelect
              name="serve"
              label="Serve"
              value={changes.serve ?? choices.defaultServe ?? ''}
              onChange={() => undefined}
              data={choices.serves.map((v) => ({ value: v, label: titleFromSlug(v) }))}
            />
          )}
          {choices.milks.length > 0 && (
            <NativeSelect
              name="milk"
              label="Milk"
              value={MILK_TOKENS[changes.milk ?? choices.defaultMilk]}
              onChange={() => undefined}
              data={choices.milks.map((m: MilkChoice) => ({
                value: MILK_TOKENS[m],
                label: m === 'none' ? 'No milk' : titleFromSlug(MILK_LABELS[m]),
              }))}
            />
          )}
          {choices.shots && (
            <NativeSelect
              name="shots"
              label="Espresso shots"
              value={String(changes.shots ?? choices.shots.defaults[i])}
              onChange={() => undefined}
              data={Array.from({ length: choices.shots.max - choices.shots.min + 1 }, (_, k) => {
                const v = choices.shots!.min + k;
                return { value: String(v), label: `${v}${v === choices.shots!.defaults[i] ? ' (menu)' : ''}` };
              })}
            />
          )}
          {choices.flavours.map((f) => (
            <NativeSelect
              key={f.key}
              name={f.key}
              label={`${titleFromSlug(f.key)} ${f.sauce ? 'sauce' : 'syrup'}${f.onMenu ? '' : ' (add)'}`}
              value={currentFlavour(f.key, f.onMenu, f.defaultPumps, f.defaultSugarFree)}
              onChange={() => undefined}
              data={pumpsOptions(choices.maxPumps, f.sugarFreeAvailable, f.onMenu)}
            />
          ))}
          {choices.softTop !== null && (
            <NativeSelect
              name="softtop"
              label="Soft top"
              value={(changes.softTop ?? choices.softTop) ? 'yes' : 'no'}
              onChange={() => undefined}
              data={[
                { value: 'no', label: 'No soft top' },
                { value: 'yes', label: 'Soft top' },
              ]}
            />
          )}
          {choices.whip !== null && (
            <NativeSelect
              name="whip"
              label="Whipped cream"
              value={(changes.whip ?? choices.whip) ? 'yes' : 'no'}
              onChange={() => undefined}
              data={[
                { value: 'no', label: 'No whipped cream' },
                { value: 'yes', label: 'Whipped cream' },
              ]}
            />
          )}
          {choices.drizzle !== null && (
            <NativeSelect
              name="drizzle"
              label="Drizzle"
              value={changes.drizzle ?? choices.drizzle}
              onChange={() => undefined}
              data={[
                { value: 'none', label: 'No drizzle' },
                { value: 'caramel', label: 'Caramel' },
                { value: 'chocolate', label: 'Chocolate' },
                { value: 'both', label: 'Caramel and chocolate' },
              ]}
            />
          )}
        </SimpleGrid>
        <Group gap="sm" mt="md">
          <Button type="submit" variant="light">
            Show my drink
          </Button>
          <Button
            component={Link}
            to={{ pathname: location.pathname, search: '' }}
            replace
            preventScrollReset
            variant="subtle"
            data-testid="customise-reset"
          >
            Reset
          </Button>
        </Group>
      </form>

      <Box aria-live="polite" data-testid="custom-figures">
        <Title order={3} size="h4" mb="xs">
          Your {titleFromSlug(figures.size).toLowerCase()} drink (estimate)
        </Title>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <Figure
            label="Price (est.)"
            value={formatPrice(figures.price)}
            diff={figures.difference.priceCents / 100}
            unit="$"
            testId="price"
          />
          {n && d && (
            <>
              <Figure label="Calories" value={String(n.calories)} diff={d.calories} unit="" testId="calories" />
              <Figure label="Sugar" value={`${n.sugars} g`} diff={d.sugars} unit=" g" testId="sugars" />
              <Figure label="Fat" value={`${n.fat} g`} diff={d.fat} unit=" g" testId="fat" />
              <Figure label="Protein" value={`${n.protein} g`} diff={d.protein} unit=" g" testId="protein" />
              <Figure label="Caffeine" value={`${n.caffeine} mg`} diff={d.caffeine} unit=" mg" testId="caffeine" />
            </>
          )}
        </SimpleGrid>
        <Text size="sm" mt="xs" data-testid="custom-summary">
          {summary ? `Compared with the menu version: ${summary}.` : 'This is the menu version.'}
        </Text>
      </Box>
    </Stack>
  );
}

/** The foods table's sources, on the drink page: every estimate is summed from these foods. */
export function FoodSources() {
  const foods = useFoods();
  return (
    <details className={classes.sources} data-testid="food-sources">
      <summary>Sources of the foods table{foods.data ? ` (as of ${foods.data.asOf})` : ''}</summary>
      {foods.data ? (
        <ul>
          {foods.data.foods.map((f) => (
            <li key={f.key}>
              <strong>{f.name}</strong>:{' '}
              {f.url ? (
                <a href={f.url} rel="noopener noreferrer" target="_blank">
                  {f.source}
                </a>
              ) : (
                f.source
              )}
              {f.edited ? ' (corrected by the guide)' : ''}
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm">{foods.isError ? 'The foods table could not be loaded.' : 'Loading the foods table…'}</Text>
      )}
    </details>
  );
}
