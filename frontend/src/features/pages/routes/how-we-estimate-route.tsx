import { DATA_CORRECTION_SUBJECT } from '@coffee-guide/contracts';
import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/page-header/page-header';
import { formatIsoDate } from '@/lib/format';
import { useSiteFigures, useStaleAfterMonths } from '@/lib/site-bundle';
import { usePageHead } from '@/lib/use-page-head';

const asOf = (iso: string | null | undefined) => (iso ? formatIsoDate(iso) : '…');

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}

/**
 * "How we estimate" (docs/data/figures.md): the price and nutrition models and the stand list's sources, for visitors
 * (the full rules are in docs/data). Every date and figure on it comes from the data.
 */
export function HowWeEstimateRoute() {
  usePageHead({ type: 'static', page: 'how-we-estimate' });
  const figures = useSiteFigures();
  const staleAfter = useStaleAfterMonths();
  const price = figures?.price;

  return (
    <Container pb={64}>
      <PageHeader title="How We Estimate" breadcrumbs={[{ label: 'How we estimate' }]} />
      <Stack gap="xl" maw={760}>
        <Text size="lg">
          Every price, nutrition panel and stand on this site says what it is (our estimate or a figure the chain
          publishes), where it comes from and as of when. This page explains those sources. We are an unofficial fan
          guide: nothing here is the chain&apos;s own price list or lab data.
        </Text>

        <Section id="prices" title="Prices">
          <Text>
            The chain publishes no drink price list we can reproduce, and prices differ from stand to stand. Our prices
            are estimates from a documented model, as of {asOf(figures?.pricesAsOf)}: a base price per category and
            size, plus adjustments for what a drink contains (breve instead of milk, extra espresso shots, Soft Top,
            popping boba and the like), rounded to 5 cents.
            {price ? ` Drink prices on this site run from $${price.min} to $${price.max}.` : ''}
          </Text>
          <Text>
            The few items the chain lists with a price of its own (the snacks of its online ordering menu) show that
            price, marked &quot;published&quot;. Taxes, customisations and local differences are not included.
          </Text>
        </Section>

        <Section id="nutrition" title="Nutrition">
          <Text>
            The chain publishes no per-size nutrition for its drinks. We estimate it per drink and size, as of{' '}
            {asOf(figures?.nutritionAsOf)}, by adding up the ingredients of a standard recipe: the espresso shots, milk
            or breve, syrups and sauces, the energy drink base, tea, toppings. Each ingredient&apos;s values come from
            public food tables (USDA FoodData Central) or, where the chain&apos;s own product is not public, from the
            label of the closest comparable product.
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Sizes are 16, 24 and 32 oz; ice takes part of an iced or blended cup.</List.Item>
            <List.Item>
              Figures are for the drink&apos;s main version (iced where it has one), without customisations.
            </List.Item>
            <List.Item>
              Allergens follow documented rules from the ingredient lists; always check with the stand.
            </List.Item>
          </List>
        </Section>

        <Section id="stands" title="Stands">
          <Text>
            Our stand list comes from the chain&apos;s public store locator, as of {asOf(figures?.standsAsOf)}
            {figures ? `: ${figures.standCount.toLocaleString('en-US')} stands in ${figures.stateCount} states` : ''}.
            We tidy city names, check every ZIP code against the stand&apos;s coordinates and correct the few that
            disagree, and read the weekly hours from the locator&apos;s summary and its dated schedule. Phone numbers
            are not in the source, so we show none rather than invent them.
          </Text>
        </Section>

        <Section id="out-of-date" title="Out-of-date figures">
          <Text>
            A figure whose as-of date is more than {staleAfter} months old is marked as possibly out of date on its
            page. The date in the footer is the newest as-of date of all our data.
          </Text>
        </Section>

        <Section id="report" title="Found an error?">
          <Text>
            Every drink, price, nutrition and stand page has a &quot;Report an error&quot; link. It opens the{' '}
            <Anchor component={Link} to={`/contact?subject=${encodeURIComponent(DATA_CORRECTION_SUBJECT)}`}>
              contact form
            </Anchor>{' '}
            with the subject &quot;{DATA_CORRECTION_SUBJECT}&quot; and the page filled in, and goes straight to the
            people who keep the data.
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
