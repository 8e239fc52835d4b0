// the deferred heart's look comes with the card: a stylesheet that arrived with the heart would restyle the page
import '@/components/save-button/save-button.css';
import type { DrinkSize } from '@coffee-guide/domain';
import { ActionIcon, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { ShareIcon } from '@/components/icons/icons';
import type { SaveButtonProps } from '@/components/save-button/save-button';
import { preloadShareDialog } from '@/components/share/use-share';
import { FALLBACK_DRINK_IMAGE } from '@/config/site';
import { formatPrice } from '@/lib/format';
import { lazyBeforeHydration } from '@/lib/lazy-before-hydration';
import { useShareDrink } from '@/features/menu/hooks/use-share-drink';
import {
  drinkImageAlt,
  drinkImageSrc,
  drinkPath,
  ouncesLabel,
  sizeInfo,
  smallestSize,
  SPECIAL_BLUE_DRINK,
  type DrinkWithImage,
} from '@/features/menu/utils/drink';
import { sortFigure } from '@/features/menu/utils/sort-figure';
import { DrinkBadges } from '../drink-badges/drink-badges';
import classes from './drink-card.module.css';

// the value line and the compare button: a chunk of their own, loaded before hydration (the server render waits for them)
const CardExtras = lazyBeforeHydration(
  'drink-value',
  async () => (await import('../drink-value/drink-value')).CardExtras,
);

export interface DrinkCardProps {
  drink: DrinkWithImage;
  /** The size the menu's size filter chose: its price and calories are shown. Without it: 'from' the smallest size. */
  size?: DrinkSize;
  headingOrder?: 2 | 3 | 4;
  layout?: 'grid' | 'list';
  note?: string;
  /** The menu's sort (`sort=`): the card shows that figure first, of the size it shows. */
  sortedBy?: string;
}

/** docs/decisions.md ("Real figures on cards, no rating", "The size filter applies"): the drink's real price and calories (for the chosen size); no rating. */
export function DrinkCard({ drink, size, headingOrder = 3, layout = 'grid', note, sortedBy }: DrinkCardProps) {
  const chosen = size ? sizeInfo(drink, size) : undefined;
  const shown = chosen ?? smallestSize(drink);
  const figure = sortFigure(sortedBy, shown);
  const special = drink.name === SPECIAL_BLUE_DRINK ? 'blue' : undefined;
  const { shareDrink, dialog } = useShareDrink(drink);

  return (
    <Card
      component="article"
      withBorder
      padding="md"
      className={classes.card}
      data-special={special}
      data-layout={layout}
      data-testid="drink-card"
      aria-labelledby={`drink-${drink.id}-name`}
    >
      <Card.Section className={classes.media}>
        <Image
          src={drinkImageSrc(drink)}
          fallbackSrc={FALLBACK_DRINK_IMAGE}
          alt={drinkImageAlt(drink)}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className={classes.image}
        />
      </Card.Section>

      <Stack gap="xs" className={classes.body}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={headingOrder} size="h4" className={classes.title} id={`drink-${drink.id}-name`}>
            <Link to={drinkPath(drink)} className={classes.cardLink}>
              {drink.name}
            </Link>
          </Title>
          <div className={classes.actions}>
            <DeferredSaveButton kind="drink" item={drink} name={drink.name} />
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={`Share ${drink.name}`}
              title="Share"
              onClick={() => void shareDrink()}
              onPointerEnter={preloadShareDialog}
              onFocus={preloadShareDialog}
            >
              <ShareIcon size={18} />
            </ActionIcon>
          </div>
        </Group>

        <DrinkBadges drink={drink} />

        {figure && (
          <Text fw={800} size="lg" className={classes.sortFigure} data-testid="sort-figure">
            {figure}
          </Text>
        )}

        <Text size="sm" lineClamp={layout === 'list' ? 2 : 3}>
          {drink.description}
        </Text>

        {shown && (
          <Group justify="space-between" gap="xs" mt="auto" className={classes.facts} data-testid="drink-facts">
            <Text fw={700}>
              {chosen ? '' : 'from '}
              {formatPrice(shown.price)}{' '}
              <Text component="abbr" title="estimated price" size="xs" c="dimmed" className={classes.est}>
                est.
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {[`${shown.calories} cal`, ouncesLabel(shown.ounces)].filter(Boolean).join(' · ')}
            </Text>
          </Group>
        )}
        <Suspense fallback={<div className={classes.extras} />}>
          <CardExtras drink={drink} size={shown} note={note} />
        </Suspense>
      </Stack>
      {dialog}
    </Card>
  );
}

/**
 * The heart, loaded after the page has mounted: cards are on the home page's first load, and the heart is
 * not needed to paint it. The server and the hydration render its place only (kept by .actions), so both agree.
 */
// one import for every card on the page: each call of Vite's preload helper searches the whole document
let loadingSaveButton: Promise<typeof import('@/components/save-button/save-button')> | undefined;

function DeferredSaveButton(props: SaveButtonProps) {
  const [SaveButton, setSaveButton] = useState<ComponentType<SaveButtonProps> | null>(null);
  useEffect(() => {
    loadingSaveButton ??= import('@/components/save-button/save-button');
    void loadingSaveButton.then((m) => startTransition(() => setSaveButton(() => m.default)));
  }, []);
  return SaveButton && <SaveButton {...props} />;
}
