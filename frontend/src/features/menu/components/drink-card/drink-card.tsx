import type { DrinkSize } from '@coffee-guide/contracts';
import { ActionIcon, Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router-dom';
import { ShareIcon } from '../../../../components/icons/icons';
import { FALLBACK_DRINK_IMAGE } from '../../../../config/site';
import { trackShareDrink } from '../../../../lib/analytics';
import { formatPrice } from '../../../../lib/format';
import { absoluteUrl, shareOrCopy } from '../../../../lib/share';
import { drinkImageSrc, drinkPath, smallestSize, sizesBySmallest, SPECIAL_BLUE_DRINK, type DrinkWithImage } from '../../utils/drink';
import classes from './drink-card.module.css';

export interface DrinkCardProps {
  drink: DrinkWithImage;
  /** The size whose calories are shown; the smallest when not given. */
  size?: DrinkSize;
  headingOrder?: 3 | 4;
}

async function shareDrink(drink: DrinkWithImage) {
  const url = absoluteUrl(drinkPath(drink));
  const outcome = await shareOrCopy({
    title: drink.name,
    text: `${drink.name}: price, calories and more in this unofficial menu guide`,
    url,
  });
  if (outcome === 'shared' || outcome === 'copied') trackShareDrink(drink.name);
  if (outcome === 'copied') {
    notifications.show({ title: 'Link copied to clipboard!', message: url });
  } else if (outcome === 'failed') {
    notifications.show({ color: 'red', title: 'Could not copy the link', message: url });
  }
}

/** DESIGN decision 1: the drink's real price (from its smallest size) and calories; no rating. */
export function DrinkCard({ drink, size, headingOrder = 3 }: DrinkCardProps) {
  const from = smallestSize(drink);
  const shown = (size && sizesBySmallest(drink).find((s) => s.size === size)) || from;
  const special = drink.name === SPECIAL_BLUE_DRINK ? 'blue' : undefined;

  return (
    <Card component="article" withBorder padding="md" className={classes.card} data-special={special} data-testid="drink-card">
      <Card.Section className={classes.media}>
        <Image
          src={drinkImageSrc(drink)}
          fallbackSrc={FALLBACK_DRINK_IMAGE}
          alt={drink.name}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className={classes.image}
        />
      </Card.Section>

      <Stack gap="xs" mt="sm" className={classes.body}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={headingOrder} size="h4" className={classes.title}>
            <Link to={drinkPath(drink)} className={classes.cardLink}>
              {drink.name}
            </Link>
          </Title>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`Share ${drink.name}`}
            title="Share"
            className={classes.share}
            onClick={() => void shareDrink(drink)}
          >
            <ShareIcon size={18} />
          </ActionIcon>
        </Group>

        {(drink.isFeatured || drink.dietaryOptions.length > 0) && (
          <Group gap={6}>
            {drink.isFeatured && (
              <Badge variant="filled" color="coffee">
                Featured
              </Badge>
            )}
            {drink.dietaryOptions.map((option) => (
              <Badge key={option} color="gray">
                {option}
              </Badge>
            ))}
          </Group>
        )}

        <Text size="sm" lineClamp={3}>
          {drink.description}
        </Text>

        {shown && from && (
          <Group justify="space-between" gap="xs" mt="auto" className={classes.facts}>
            <Text fw={700}>
              from {formatPrice(from.price)}{' '}
              <Text component="abbr" title="estimated price" size="xs" c="dimmed" className={classes.est}>
                est.
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {shown.calories} cal · {shown.ounces} oz
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
