import type { FinderFlavour, FinderQuery } from '@coffee-guide/domain';
import { Button, Container, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { PageHeader } from '@/components/page-header/page-header';
import { QueryError } from '@/components/query-error/query-error';
import { plural } from '@/lib/format';
import { usePageHead } from '@/lib/use-page-head';
import { finderQueryOf, useFinder } from '../api/get-finder';
import { DrinkGrid, DrinkGridSkeleton } from '../components/drink-grid';
import { SurpriseMe } from '../components/surprise-me';
import classes from './finder-route.module.css';

const FORM_ID = 'flavour-finder';

/** The URL's flavours (repeated or comma separated), by the API's rules; a bad list counts as empty. */
function FlavourChips({
  kind,
  legend,
  flavours,
  chosen,
  other,
  onToggle,
}: {
  kind: 'include' | 'exclude';
  legend: string;
  flavours: FinderFlavour[];
  chosen: string[];
  other: string[];
  onToggle: (slug: string, on: boolean) => void;
}) {
  return (
    <fieldset className={classes.chips} data-testid={`finder-${kind}`}>
      <legend>{legend}</legend>
      {flavours.map((f) => (
        <label key={f.slug} className={classes.chip} data-kind={kind}>
          <input
            type="checkbox"
            form={FORM_ID}
            name={kind}
            value={f.slug}
            checked={chosen.includes(f.slug)}
            disabled={other.includes(f.slug)}
            onChange={(event) => onToggle(f.slug, event.currentTarget.checked)}
          />
          {f.name}
          <span className={classes.count} role="img" aria-label={plural(f.count, 'drink')}>
            {f.count}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** `/finder?include=vanilla,caramel&exclude=coconut`: drinks by flavour, over the menu's own flavour list. */
export function FinderRoute() {
  const [params, setParams] = useSearchParams();
  const q = finderQueryOf(params);
  const finder = useFinder(q);
  usePageHead({ type: 'finder' });

  const toggle = (kind: 'include' | 'exclude', slug: string, on: boolean) => {
    const list = new Set(q[kind]);
    if (on) list.add(slug);
    else list.delete(slug);
    const next: FinderQuery = { ...q, [kind]: [...list].sort() };
    const search = new URLSearchParams();
    if (next.include.length) search.set('include', next.include.join(','));
    if (next.exclude.length) search.set('exclude', next.exclude.join(','));
    setParams(search, { replace: true });
  };

  const results = useMemo(() => finder.data?.results ?? [], [finder.data]);
  const notes = useMemo(() => {
    const names = new Map((finder.data?.flavours ?? []).map((f) => [f.slug, f.name]));
    return new Map(
      results
        .filter((r) => r.matched.length)
        .map((r) => [
          r.drink.id,
          `Has ${r.matched.map((m) => names.get(m) ?? m).join(', ')} (${r.matched.length} of ${q.include.length})`,
        ]),
    );
  }, [results, finder.data, q.include.length]);
  const drinks = results.map((r) => r.drink);

  let body;
  if (finder.isError)
    body = (
      <QueryError
        title="We couldn't load the flavours."
        onRetry={() => void finder.refetch()}
        retrying={finder.isFetching}
      />
    );
  else if (finder.isPending) body = <DrinkGridSkeleton count={6} label="Loading drinks" />;
  else if (drinks.length === 0)
    body = (
      <EmptyState
        title="No drinks found"
        description="No drink has these flavours without the ones you avoid. Try fewer flavours."
      />
    );
  else body = <DrinkGrid key={`${q.include}|${q.exclude}`} drinks={drinks} notes={notes} />;

  const flavours = finder.data?.flavours ?? [];
  return (
    <Container pb={96}>
      <PageHeader
        title="Flavour Finder"
        breadcrumbs={[{ label: 'Menu', href: '/menu' }, { label: 'Flavour Finder' }]}
        description="Pick the flavours you want and the ones to avoid, from the menu's own flavour list. Drinks with more of your flavours come first."
      />
      <form
        id={FORM_ID}
        action="/finder"
        method="get"
        aria-label="Flavour finder"
        onSubmit={(event) => event.preventDefault()}
      >
        <Stack gap="lg" mb="lg">
          <FlavourChips
            kind="include"
            legend="Flavours I want"
            flavours={flavours}
            chosen={q.include}
            other={q.exclude}
            onToggle={(slug, on) => toggle('include', slug, on)}
          />
          <FlavourChips
            kind="exclude"
            legend="Flavours to avoid"
            flavours={flavours}
            chosen={q.exclude}
            other={q.include}
            onToggle={(slug, on) => toggle('exclude', slug, on)}
          />
          <noscript>
            <Button type="submit" variant="outline">
              Find drinks
            </Button>
          </noscript>
        </Stack>
      </form>
      <Group justify="space-between" mb="md" gap="xs">
        <Text role="status" aria-live="polite" fw={600} data-testid="finder-status">
          {finder.isPending ? 'Loading...' : finder.isError ? '' : `Showing ${plural(drinks.length, 'drink')}`}
        </Text>
        {(q.include.length > 0 || q.exclude.length > 0) && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setParams(new URLSearchParams(), { replace: true })}
          >
            Clear flavours
          </Button>
        )}
      </Group>
      <Stack gap="md">
        <SurpriseMe drinks={drinks} disabled={finder.isPending || finder.isError} />
        {body}
      </Stack>
    </Container>
  );
}
