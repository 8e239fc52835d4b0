import { type Drink } from '@coffee-guide/contracts';
import { allergenSearch, MENU_SORT_LABELS, MENU_SORTS, slugify, type DrinkSize } from '@coffee-guide/domain';
import { ActionIcon, Box, Button, Container, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { SearchIcon } from '@/components/icons/icons';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { DEFAULT_SITE_SETTINGS } from '@/config/site';
import { trackSearch } from '@/lib/analytics';
import { plural } from '@/lib/format';
import { useSiteSetting } from '@/lib/site-bundle';
import { usePageHead } from '@/lib/use-page-head';
import { useMenu } from '../api/get-menu';
import { useMenuTools } from '../api/get-menu-tools';
import { useMenuSearch } from '../api/search-menu';
import { AllergenFilter, AllergenNotice } from '../components/allergen-filter';
import { DRINKS_PER_PAGE, DrinkGrid, DrinkGridSkeleton } from '../components/drink-grid';
import { SurpriseMe } from '../components/surprise-me';
import { categoryOptions, DIETARY_FILTERS, SECRET_MENU_SLUG, SIZE_OPTIONS } from '../utils/categories';
import { menuRequest, type ToolParam } from '../utils/menu-params';
import classes from './menu-route.module.css';

/** docs/decisions.md, "Counts, limits and timings": 12 placeholders while the menu loads. */
export const MENU_SKELETONS = 12;
/** Search as you type waits this long after the last key (on top of the spec's submit). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface MenuFilters {
  category: string | null;
  size: DrinkSize | null;
  dietary: string | null;
}

/** The category, size and dietary filters. A drink not sold in the chosen size is left out (docs/decisions.md, "The size filter applies"). */
export function filterDrinks(drinks: readonly Drink[], { category, size, dietary }: MenuFilters): Drink[] {
  return drinks.filter(
    (d) =>
      (!category || (category === SECRET_MENU_SLUG ? d.isSecretMenu : d.categorySlug === category)) &&
      (!size || d.sizes.some((s) => s.size === size)) &&
      (!dietary || d.dietaryOptions.includes(dietary)),
  );
}

const MENU_FORM_ID = 'menu-search';

/** The most drinks a `show=` asks for; a larger number is this many. */
export const MENU_SHOW_MAX = 500;

/**
 * How many drinks /menu lists: the URL's `show=` (the "Show more drinks" link adds DRINKS_PER_PAGE), at least
 * DRINKS_PER_PAGE; anything but a whole number is the default (docs/web.md, "Reading without JavaScript").
 */
export function menuShownOf(params: URLSearchParams): number {
  const raw = params.get('show');
  if (raw === null || !/^\d{1,6}$/.test(raw)) return DRINKS_PER_PAGE;
  return Math.min(MENU_SHOW_MAX, Math.max(DRINKS_PER_PAGE, Number(raw)));
}

/**
 * The chips above the drinks: each a link to the menu sorted or filtered that way (a chip that is on links
 * back without it), so they work without JavaScript; the filters' sheet opens from the first chip.
 */
const QUICK_CHIPS = [
  { label: 'Most caffeine', key: 'sort', value: 'caffeine-desc' },
  { label: 'Fewest calories', key: 'sort', value: 'calories-asc' },
  { label: 'Least sugar', key: 'sort', value: 'sugar-asc' },
  { label: 'Lowest price per ounce', key: 'sort', value: 'price-per-oz-asc' },
  { label: 'Caffeine-free', key: 'caffeineFree', value: '1' },
  // the allergen filter's most asked-for value (docs/drink-tools.md "Allergen filters")
  { label: 'Dairy-free', key: 'allergenFree', value: 'milk' },
] as const;

function QuickChips({ params }: { params: URLSearchParams }) {
  return (
    <nav aria-label="Quick filters" className={classes.chips}>
      <ul>
        {QUICK_CHIPS.map((chip) => {
          const on = params.get(chip.key) === chip.value;
          const next = new URLSearchParams(params);
          next.delete('show');
          if (on) next.delete(chip.key);
          else next.set(chip.key, chip.value);
          const query = next.toString();
          return (
            <li key={chip.label}>
              <Link
                to={query ? `/menu?${query}` : '/menu'}
                className={classes.chip}
                aria-current={on ? 'true' : undefined}
                data-on={on || undefined}
                preventScrollReset
                replace
              >
                {chip.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

type ParamUpdate = Partial<Record<'search' | 'category' | 'size' | 'dietary' | ToolParam, string | null>>;

const NUMBER_FIELDS = [
  { name: 'maxCalories', label: 'Max calories' },
  { name: 'maxSugar', label: 'Max sugar (g)' },
  { name: 'minCaffeine', label: 'Min caffeine (mg)' },
] as const;

export function MenuRoute() {
  const brand = useSiteSetting('brandName', DEFAULT_SITE_SETTINGS.brandName);
  const [params, setParams] = useSearchParams();
  const { urlSearch, kids, category, size, dietary, tools, ignored, query, menuQuery, withTools } = menuRequest(
    params,
    brand,
  );
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');

  const update = (changes: ParamUpdate, replace: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if ('dietary' in changes && kids) next.delete('category');
        // a new search or filter starts again from the first drinks
        next.delete('show');
        return next;
      },
      { replace },
    );

  // The text box: its text reaches the URL after a pause in typing (replace), or at once on submit (push).
  // A URL changed from elsewhere (the navbar's search) puts its text into the box.
  const [text, setText] = useState(urlSearch);
  const written = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch !== written.current) {
      written.current = urlSearch;
      setText(urlSearch);
    }
  }, [urlSearch]);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== written.current) {
      written.current = debounced;
      update({ search: debounced.trim() ? debounced : null }, true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled text is written
  }, [debounced]);

  const urlNumbers = NUMBER_FIELDS.map((f) => params.get(f.name) ?? '').join('|');
  const [numbers, setNumbers] = useState<Record<string, string>>(() =>
    Object.fromEntries(NUMBER_FIELDS.map((f) => [f.name, params.get(f.name) ?? ''])),
  );
  // follows the URL once it changes (not at mount: the state starts from it, and a render of the whole menu
  // for nothing is the costliest thing hydration could do)
  const numbersFromUrl = useRef(urlNumbers);
  useEffect(() => {
    if (numbersFromUrl.current === urlNumbers) return;
    numbersFromUrl.current = urlNumbers;
    setNumbers(Object.fromEntries(NUMBER_FIELDS.map((f) => [f.name, params.get(f.name) ?? ''])));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the URL's values only
  }, [urlNumbers]);
  const numberChanges = (): ParamUpdate =>
    Object.fromEntries(NUMBER_FIELDS.map((f) => [f.name, numbers[f.name]?.trim() || null]));

  // the filters' disclosure: a sheet on a phone, closed by its "Show drinks" (the form's submit)
  const filtersRef = useRef<HTMLDetailsElement>(null);
  const shown = menuShownOf(params);
  const moreHref = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('show', String(n));
    return `/menu?${next}`;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (filtersRef.current) filtersRef.current.open = false;
    written.current = text;
    update({ search: text.trim() ? text : null, ...numberChanges() }, false);
    if (text.trim()) trackSearch(text);
  };

  const searching = query.length > 0;
  const list = useMenu(category, { enabled: !searching && !withTools });
  const found = useMenuSearch(withTools ? '' : query);
  const toolList = useMenuTools(menuQuery, { enabled: withTools });
  const source = withTools ? toolList : searching ? found : list;
  const drinks = source.data ? (withTools ? source.data : filterDrinks(source.data, { category, size, dietary })) : [];
  const loading = source.isPending || (source.isPlaceholderData && source.isFetching);
  const anyFilter = Boolean(query || category || size || dietary || withTools);
  const activeFilters = [
    category,
    size,
    dietary,
    tools.sort,
    tools.maxCalories,
    tools.maxSugar,
    tools.minCaffeine,
    tools.caffeineFree || null,
    tools.allergenFree?.length ? tools.allergenFree : null,
  ].filter((v) => v !== null && v !== undefined).length;

  // chosen, or asked for in words ("dairy free", "vegan"): the page says these are estimates
  const allergenFiltered = Boolean(tools.allergenFree?.length) || allergenSearch(query).allergenFree.length > 0;

  usePageHead({ type: 'static', page: 'menu' });

  const clearAll = () => {
    written.current = '';
    setText('');
    update(
      {
        search: null,
        category: null,
        size: null,
        dietary: null,
        sort: null,
        maxCalories: null,
        maxSugar: null,
        minCaffeine: null,
        caffeineFree: null,
        allergenFree: null,
      },
      false,
    );
  };

  let results;
  if (source.isError) {
    results = (
      <QueryError
        title="We couldn't load the menu."
        onRetry={() => void source.refetch()}
        retrying={source.isFetching}
      />
    );
  } else if (source.isPending) {
    results = <DrinkGridSkeleton count={MENU_SKELETONS} label="Loading drinks" layout={layout} />;
  } else if (drinks.length === 0) {
    results = (
      <EmptyState title="No drinks found" description="Try adjusting your search or filter criteria.">
        {anyFilter && (
          <Button variant="outline" onClick={clearAll}>
            Clear search and filters
          </Button>
        )}
      </EmptyState>
    );
  } else {
    // a new search or filter starts again from the first cards
    results = (
      <Box className={classes.results} data-stale={source.isPlaceholderData || undefined}>
        <DrinkGrid
          key={`${query}|${category}|${size}|${dietary}|${withTools}`}
          drinks={drinks}
          layout={layout}
          size={size ?? undefined}
          sortedBy={tools.sort}
          shown={shown}
          moreHref={moreHref}
        />
      </Box>
    );
  }

  return (
    <Container pb={64}>
      <PageHeader
        title={`The ${brand} Menu`}
        description="Every drink with its estimated price and calories. Prices are estimates and vary by location."
      />

      <Stack gap="md" mb="lg">
        {/*
          One GET form to /menu with the search and the filters, their state in the URL: without JavaScript the
          browser submits it (Apply filters) and the server renders the answer; with it, the router does.
        */}
        <form
          role="search"
          aria-label="Search the menu"
          action="/menu"
          method="get"
          onSubmit={submit}
          className={classes.search}
          id={MENU_FORM_ID}
        >
          <TextInput
            type="search"
            name="search"
            label="Search the menu"
            placeholder="Name, flavour or category, e.g. caramel"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            enterKeyHint="search"
            size="md"
            rightSectionPointerEvents="all"
            rightSection={
              <ActionIcon type="submit" variant="filled" size="lg" aria-label="Search">
                <SearchIcon size={18} />
              </ActionIcon>
            }
          />
        </form>

        {/*
          On a phone the filters fold into a sheet behind a native disclosure (no JavaScript needed to open it),
          beside a row of chips, so the drinks start in the first screen; wider screens show them open
          (menu-route.module.css).
        */}
        <div className={classes.chipRow}>
          <details
            ref={filtersRef}
            className={classes.filterPanel}
            data-searching={searching || undefined}
            data-testid="menu-filters"
          >
            <summary className={classes.filterSummary}>
              Filters
              {activeFilters > 0 && <span className={classes.filterCount}> ({activeFilters} active)</span>}
            </summary>
            <div className={classes.sheet} data-testid="menu-filter-sheet">
              <div className={classes.sheetHead}>
                <Text fw={700}>Filters</Text>
                <Button type="submit" form={MENU_FORM_ID} size="sm">
                  Show drinks
                </Button>
              </div>
              <Group gap="sm" align="flex-end" className={classes.filters}>
                <NativeSelect
                  form={MENU_FORM_ID}
                  name="category"
                  label="Category"
                  value={category ?? ''}
                  onChange={(event) => update({ category: event.currentTarget.value || null }, true)}
                  data={[
                    { value: '', label: 'All categories' },
                    ...categoryOptions(brand).map((c) => ({ value: c.slug, label: c.name })),
                  ]}
                  className={classes.filter}
                />
                <NativeSelect
                  form={MENU_FORM_ID}
                  name="size"
                  label="Size"
                  value={size ?? ''}
                  onChange={(event) => update({ size: event.currentTarget.value || null }, true)}
                  data={[
                    { value: '', label: 'All sizes' },
                    ...SIZE_OPTIONS.map((s) => ({ value: s.size, label: s.label })),
                  ]}
                  className={classes.filter}
                />
                <NativeSelect
                  form={MENU_FORM_ID}
                  name="dietary"
                  label="Dietary option"
                  value={dietary ? slugify(dietary) : ''}
                  onChange={(event) => update({ dietary: event.currentTarget.value || null }, true)}
                  data={[
                    { value: '', label: 'All dietary options' },
                    ...DIETARY_FILTERS.map((o) => ({ value: slugify(o), label: o })),
                  ]}
                  className={classes.filter}
                />
                <NativeSelect
                  form={MENU_FORM_ID}
                  name="sort"
                  label="Sort by"
                  value={tools.sort ?? ''}
                  onChange={(event) => update({ sort: event.currentTarget.value || null }, true)}
                  data={[
                    { value: '', label: 'Menu order' },
                    ...MENU_SORTS.map((s) => ({ value: s, label: MENU_SORT_LABELS[s] })),
                  ]}
                  className={classes.filter}
                />
                {NUMBER_FIELDS.map((f) => (
                  <TextInput
                    key={f.name}
                    form={MENU_FORM_ID}
                    name={f.name}
                    label={f.label}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    value={numbers[f.name] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setNumbers((n) => ({ ...n, [f.name]: value }));
                    }}
                    onBlur={() => {
                      if ((numbers[f.name]?.trim() ?? '') !== (params.get(f.name) ?? ''))
                        update({ [f.name]: numbers[f.name]?.trim() || null }, true);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        update({ [f.name]: numbers[f.name]?.trim() || null }, false);
                      }
                    }}
                    className={classes.number}
                  />
                ))}
                <label className={classes.check}>
                  <input
                    type="checkbox"
                    form={MENU_FORM_ID}
                    name="caffeineFree"
                    value="1"
                    checked={tools.caffeineFree ?? false}
                    onChange={(event) => update({ caffeineFree: event.currentTarget.checked ? '1' : null }, true)}
                  />
                  Caffeine-free only
                </label>
                <AllergenFilter
                  form={MENU_FORM_ID}
                  selected={tools.allergenFree ?? []}
                  onChange={(next) => update({ allergenFree: next.length ? next.join(',') : null }, true)}
                  className={classes.allergens}
                  checkClassName={classes.check}
                />
                <noscript>
                  <Button type="submit" form={MENU_FORM_ID} variant="outline">
                    Apply filters
                  </Button>
                </noscript>
                <Button.Group aria-label="View" className={classes.view}>
                  <Button
                    variant={layout === 'grid' ? 'filled' : 'default'}
                    aria-pressed={layout === 'grid'}
                    onClick={() => setLayout('grid')}
                  >
                    Grid
                  </Button>
                  <Button
                    variant={layout === 'list' ? 'filled' : 'default'}
                    aria-pressed={layout === 'list'}
                    onClick={() => setLayout('list')}
                  >
                    List
                  </Button>
                </Button.Group>
              </Group>
            </div>
          </details>
          <QuickChips params={params} />
        </div>

        <Group justify="space-between" gap="xs" mih={28}>
          <Text role="status" aria-live="polite" fw={600} data-testid="menu-status">
            {source.isError
              ? ''
              : loading
                ? 'Loading...'
                : `Showing ${plural(drinks.length, 'drink')}${searching ? ` for "${query}"` : ''}`}
          </Text>
          {anyFilter && !source.isPending && (
            <Button variant="subtle" size="compact-sm" onClick={clearAll}>
              Clear all
            </Button>
          )}
        </Group>
        {size && (
          <Text size="sm" c="dimmed">
            Prices and calories shown for {SIZE_OPTIONS.find((s) => s.size === size)?.label.toLowerCase()}, estimated.
          </Text>
        )}
        {withTools && (
          <Text size="sm" c="dimmed" data-testid="menu-tools-note">
            {tools.sort ? `Sorted by ${MENU_SORT_LABELS[tools.sort].toLowerCase()}; sort` : 'Sort'} and filters use the{' '}
            {size
              ? SIZE_OPTIONS.find((s) => s.size === size)?.label.toLowerCase()
              : 'small size (or the smallest one sold)'}
            , estimated figures.
          </Text>
        )}
        {allergenFiltered && <AllergenNotice />}
        {ignored.length > 0 && (
          <Text size="sm" c="red.8" role="alert">
            Left out of the filters: {ignored.join('; ')}.
          </Text>
        )}
        <SurpriseMe drinks={drinks} disabled={source.isPending || source.isError} />
      </Stack>

      {results}
    </Container>
  );
}
