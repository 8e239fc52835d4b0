import { reportErrorHref, type DrinkDetail } from '@coffee-guide/contracts';
import { mediaSrcSet } from '@coffee-guide/domain';
import {
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Image,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state/empty-state';
import { ShareIcon } from '@/components/icons/icons';
import { PageHeader } from '@/components/page-header/page-header';
import { ProvenanceLine } from '@/components/provenance/provenance-line';
import { QueryError } from '@/components/query-error/query-error';
import SaveButton from '@/components/save-button/save-button';
import { preloadShareDialog } from '@/components/share/use-share';
import { DEFAULT_SITE_SETTINGS, FALLBACK_DRINK_IMAGE } from '@/config/site';
import { DRINK_PICTURE_SIZES } from '@/lib/head/keys';
import { isNotFound } from '@/lib/api-client';
import { formatGrams, formatIsoDate, formatPrice, titleFromSlug } from '@/lib/format';
import { useSiteSetting } from '@/lib/site-bundle';
import { usePageHead } from '@/lib/use-page-head';
import { useDrink } from '../api/get-drink';
import { CompareButton } from '@/components/compare-tray/compare-button';
import { FoodSources, MakeItYours } from '../components/customise/make-it-yours';
import { DrinkBadges } from '../components/drink-badges/drink-badges';
import { ValueTable } from '../components/drink-value/value-table';
import { DrinkGrid } from '../components/drink-grid';
import { AllergenBox } from '../components/nutrition/allergen-box';
import nutritionClasses from '../components/nutrition/nutrition.module.css';
import { useShareDrink } from '../hooks/use-share-drink';
import { categoryName } from '../utils/categories';
import { drinkImageAlt, drinkImageSrc, drinkPath, ouncesLabel, SPECIAL_BLUE_DRINK } from '../utils/drink';
import { hasDailyValue, NUTRIENT_LINES, percentDailyValue } from '../utils/nutrition';
import classes from './drink-route.module.css';

function sizeLabel(size: string, ounces: number): string {
  const oz = ouncesLabel(ounces);
  return oz ? `${titleFromSlug(size)} (${oz})` : titleFromSlug(size);
}

function variantsText(drink: DrinkDetail): string | null {
  if (drink.variants.length === 0) return null;
  const list =
    drink.variants.length === 1
      ? drink.variants[0]
      : `${drink.variants.slice(0, -1).join(', ')} or ${drink.variants.at(-1)}`;
  return `Available ${list}.`;
}

function caffeineRange(drink: DrinkDetail): string | null {
  const values = drink.sizeDetails.map((s) => s.nutrition?.caffeine ?? 0).filter((v) => v > 0);
  if (values.length === 0) return null;
  const [min, max] = [Math.min(...values), Math.max(...values)];
  return min === max ? `${min} mg` : `${min}-${max} mg`;
}

function DrinkSkeleton() {
  return (
    // padding, not margin: a margin would collapse through the page's container and move it when the drink arrives
    <Box pt="xl" role="status" aria-label="Loading drink" aria-busy="true">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Skeleton className={classes.imageSkeleton} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Skeleton height={36} width="70%" />
            <Skeleton height={18} width="40%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="90%" />
            <Skeleton height={160} mt="md" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Box>
  );
}

function PricesTable({ drink }: { drink: DrinkDetail }) {
  return (
    <Table.ScrollContainer minWidth={320} type="native" tabIndex={0} role="region" aria-label="Prices by size">
      <Table striped withTableBorder className={nutritionClasses.table}>
        <Table.Caption>Estimated prices vary by location; tax not included.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Size</Table.Th>
            <Table.Th scope="col" ta="right">
              Price (est.)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Calories
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Caffeine
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drink.sizeDetails.map((s) => (
            <Table.Tr key={s.size}>
              <Table.Th scope="row">{sizeLabel(s.size, s.ounces)}</Table.Th>
              <Table.Td>{formatPrice(s.price)}</Table.Td>
              <Table.Td>{s.nutrition ? s.nutrition.calories : 'N/A'}</Table.Td>
              <Table.Td>
                {s.nutrition ? (s.nutrition.caffeine > 0 ? `${s.nutrition.caffeine} mg` : 'None') : 'N/A'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function NutritionTable({ drink }: { drink: DrinkDetail }) {
  const sizes = drink.sizeDetails.filter((s) => s.nutrition);
  if (sizes.length === 0) return <Text>Nutrition facts for this drink are not available yet.</Text>;
  const showCaffeine = sizes.some((s) => (s.nutrition?.caffeine ?? 0) > 0);
  const lines = NUTRIENT_LINES.filter((l) => l.key !== 'caffeine' || showCaffeine);
  return (
    <>
      {/* a focusable region (keyboard users can scroll it), with a shadow at the cut edge and a hint on narrow screens */}
      <div
        role="region"
        aria-label="Nutrition facts by size"
        tabIndex={0}
        className={nutritionClasses.scroll}
        data-testid="nutrition-scroll"
      >
        <Table withTableBorder withColumnBorders className={nutritionClasses.table} miw={sizes.length > 1 ? 420 : 260}>
          <Table.Caption>
            % DV: percent of the daily value in a 2,000 calorie diet (current FDA label values).
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Per drink</Table.Th>
              {sizes.map((s) => (
                <Table.Th key={s.size} scope="col" ta="right">
                  {sizeLabel(s.size, s.ounces)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Calories</Table.Th>
              {sizes.map((s) => (
                <Table.Td key={s.size} fw={700}>
                  {s.nutrition!.calories}
                </Table.Td>
              ))}
            </Table.Tr>
            {lines.map((line) => (
              <Table.Tr key={line.key}>
                <Table.Th scope="row" pl={line.sub ? 'lg' : undefined}>
                  {line.label}
                </Table.Th>
                {sizes.map((s) => {
                  const value = s.nutrition![line.key];
                  const text = line.unit === 'g' ? `${formatGrams(value)} g` : `${Math.round(value)} mg`;
                  return (
                    <Table.Td key={s.size}>
                      {text}
                      {hasDailyValue(line.key) && (
                        <Text component="span" size="xs" c="dimmed">
                          {' '}
                          ({percentDailyValue(line.key, value)}%)
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {sizes.length > 1 && (
        <Text size="sm" c="dimmed" className={nutritionClasses.scrollHint} aria-hidden="true">
          Swipe the table sideways to see every size →
        </Text>
      )}
    </>
  );
}

function DrinkView({ drink, brand }: { drink: DrinkDetail; brand: string }) {
  const { shareDrink, dialog } = useShareDrink(drink);
  const caffeine = caffeineRange(drink);
  const variants = variantsText(drink);
  const mainVariant = drink.mainVariant && drink.variants.length > 1 ? drink.mainVariant : null;
  const category = categoryName(drink.categorySlug, brand);
  const report = reportErrorHref(drinkPath(drink), { kind: 'drink', id: drink.id });
  // set once: a link with changes opens with the builder open; the visitor opens and closes it after that
  const { search } = useLocation();
  const [builderOpen] = useState(() => search.length > 1);

  return (
    <>
      <PageHeader
        title={drink.name}
        breadcrumbs={[
          { label: 'Menu', href: '/menu' },
          { label: category, href: `/menu/${drink.categorySlug}` },
          { label: drink.name },
        ]}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Box className={classes.media} data-special={drink.name === SPECIAL_BLUE_DRINK ? 'blue' : undefined}>
            {/* the page's largest picture: loaded at once, first */}
            <Image
              src={drinkImageSrc(drink)}
              // a media library picture: its WebP widths, the sizes the head's preload gives (docs/api.md, "Media")
              {...mediaSrcSet(drinkImageSrc(drink), DRINK_PICTURE_SIZES)}
              fallbackSrc={FALLBACK_DRINK_IMAGE}
              alt={drinkImageAlt(drink)}
              width={600}
              height={450}
              fetchPriority="high"
              className={classes.image}
            />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="md">
            <DrinkBadges drink={drink} withFlags />
            <Text size="lg">{drink.description}</Text>
            {variants && (
              <Text>
                {variants}
                {mainVariant && ` Prices and nutrition are for the ${mainVariant} version.`}
              </Text>
            )}
            <Group gap="sm">
              {caffeine && (
                <Badge size="lg" variant="outline" color="coffee">
                  Caffeine: {caffeine}
                </Badge>
              )}
              {drink.sizeDetails[0] && (
                <Badge size="lg" variant="filled" color="coffee">
                  from {formatPrice(drink.sizeDetails[0].price)}
                  {drink.estimated === false ? '' : ' (est.)'}
                </Badge>
              )}
            </Group>
            {/* the answer first: each size's price, calories and caffeine before anything to read or change */}
            <Box component="section" aria-labelledby="drink-prices" data-testid="drink-sizes">
              <Title order={2} size="h3" id="drink-prices" mb="xs">
                Prices by size
              </Title>
              <PricesTable drink={drink} />
              <ProvenanceLine
                subject="Prices"
                source={drink.source}
                asOf={drink.asOf ?? drink.estimates.pricesAsOf}
                estimated={drink.estimated}
                reportHref={report}
              />
            </Box>
            <AllergenBox allergens={drink.allergens} />
            {drink.flavors.length > 0 && (
              <Text>
                <strong>Flavours:</strong> {drink.flavors.join(', ')}
              </Text>
            )}
            {drink.ingredients.length > 0 && (
              <div>
                <Text fw={700}>Ingredients</Text>
                <List size="sm">
                  {drink.ingredients.map((i) => (
                    <List.Item key={i}>{i}</List.Item>
                  ))}
                </List>
              </div>
            )}
            <Group gap="sm">
              <Button
                leftSection={<ShareIcon size={16} />}
                onClick={() => void shareDrink()}
                onPointerEnter={preloadShareDialog}
                onFocus={preloadShareDialog}
              >
                Share
              </Button>
              <CompareButton drink={drink} size="sm" />
              <SaveButton kind="drink" item={drink} name={drink.name} label="Save" />
              <Button component={Link} to={`/prices/${drink.categorySlug}`} variant="light">
                {category} prices
              </Button>
              <Button component={Link} to={`/calories/${drink.categorySlug}`} variant="light">
                {category} nutrition
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>

      <Stack gap="xl" mt={48}>
        <Box component="section" aria-labelledby="drink-customise" data-testid="make-it-yours">
          <Title order={2} id="drink-customise" mb="sm">
            Make it yours
          </Title>
          {/*
            The builder's controls behind a button: a native <details> (it opens without JavaScript), open at
            once when the link carries changes (docs/recipes.md)
          */}
          <details className={classes.builder} open={builderOpen} data-testid="builder">
            <summary className={classes.builderButton}>Change size, milk, shots and syrups</summary>
            <Box pt="md">
              <MakeItYours drink={drink} />
              <Text size="sm" c="dimmed" mt="sm">
                Estimates: your drink&apos;s figures are the menu version&apos;s plus the difference your changes make,
                summed from each ingredient&apos;s nutrients in the foods table (USDA FoodData Central and makers&apos;
                labels) and the guide&apos;s price model.
              </Text>
              <FoodSources />
            </Box>
          </details>
        </Box>
        <Box component="section" aria-labelledby="drink-value">
          <Title order={2} id="drink-value" mb="sm">
            Value and caffeine
          </Title>
          <ValueTable drink={drink} sizeLabel={sizeLabel} />
        </Box>
        <Box component="section" aria-labelledby="drink-nutrition">
          <Title order={2} id="drink-nutrition" mb="sm">
            Nutrition facts
          </Title>
          <NutritionTable drink={drink} />
          <ProvenanceLine
            subject="Nutrition"
            source={drink.source}
            asOf={drink.asOf ?? drink.estimates.nutritionAsOf}
            estimated={drink.estimated}
            reportHref={report}
          />
        </Box>
        <Text size="sm" c="dimmed" data-testid="estimates">
          {drink.estimated === false
            ? `Prices and nutrition as the chain publishes them, as of ${formatIsoDate(drink.asOf ?? drink.estimates.pricesAsOf)}.`
            : `Prices and nutrition are this guide's estimates, not the chain's figures: prices as of ${formatIsoDate(drink.estimates.pricesAsOf)}, nutrition as of ${formatIsoDate(drink.estimates.nutritionAsOf)}.`}
        </Text>
        {drink.related.length > 0 && (
          <Box component="section" aria-labelledby="drink-related">
            <Title order={2} id="drink-related" mb="md">
              More {category}
            </Title>
            <DrinkGrid drinks={drink.related} headingOrder={3} />
          </Box>
        )}
      </Stack>
      {dialog}
    </>
  );
}

export function DrinkRoute() {
  const { category = '', drink: slug = '' } = useParams();
  const brand = useSiteSetting('brandName', DEFAULT_SITE_SETTINGS.brandName);
  const drink = useDrink(slug);
  const unknown = isNotFound(drink.error);
  const data = drink.data;

  usePageHead(
    drink.isError && !unknown
      ? { type: 'unavailable' }
      : { type: 'drink', category: category.toLowerCase(), drink: slug.toLowerCase() },
    { drink: data },
    { ready: !drink.isPending },
  );

  // a secret-menu drink is shown under /menu/secret-menu too (its canonical names its category); any other
  // category in the address is moved to the drink's own
  const inPlace = category === 'secret-menu' && data?.isSecretMenu === true;
  if (data && data.categorySlug !== category && !inPlace) return <Navigate to={drinkPath(data)} replace />;

  let content;
  if (drink.isPending) {
    content = <DrinkSkeleton />;
  } else if (unknown) {
    content = (
      <Box py="xl">
        <EmptyState order={1} title="Drink not found" description="This drink isn't on the menu, or it has moved.">
          <Button component={Link} to={category ? `/menu/${category}` : '/menu'} variant="outline">
            Back to {category ? categoryName(category, brand) : 'the menu'}
          </Button>
        </EmptyState>
      </Box>
    );
  } else if (drink.isError) {
    content = (
      <Box py="xl">
        <QueryError
          title="We couldn't load this drink."
          onRetry={() => void drink.refetch()}
          retrying={drink.isFetching}
        />
      </Box>
    );
  } else {
    content = <DrinkView drink={drink.data} brand={brand} />;
  }

  return <Container pb={64}>{content}</Container>;
}
