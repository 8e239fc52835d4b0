import type { DrinkDetail, DrinkSizeInfo } from '@coffee-guide/contracts';
import type { SizeFigures } from '@coffee-guide/domain';
import { CAFFEINE_DAILY_LIMIT_MG, CAFFEINE_SOURCE, drinkValue, formatValue } from '@coffee-guide/domain';
import { Group, Text } from '@mantine/core';
import { CompareButton } from '@/components/compare-tray/compare-button';
import classes from './drink-value.module.css';

/** A size's figures for the value function, from a card's size or a drink page's size. */
export function figuresOf(size: DrinkSizeInfo | DrinkDetail['sizeDetails'][number]): SizeFigures {
  const caffeine = 'nutrition' in size ? (size.nutrition?.caffeine ?? null) : size.caffeine;
  return { price: size.price, ounces: size.ounces, caffeine };
}

/** The caffeine against a healthy adult's 400 mg a day (a native meter: read out by screen readers). */
export function CaffeineMeter({ caffeine, id }: { caffeine: number; id?: string }) {
  const percent = Math.round((caffeine / CAFFEINE_DAILY_LIMIT_MG) * 100);
  return (
    <meter
      id={id}
      className={classes.meter}
      min={0}
      max={CAFFEINE_DAILY_LIMIT_MG}
      low={CAFFEINE_DAILY_LIMIT_MG / 2}
      high={CAFFEINE_DAILY_LIMIT_MG * 0.75}
      optimum={0}
      value={Math.min(caffeine, CAFFEINE_DAILY_LIMIT_MG)}
      aria-label={`Caffeine: ${caffeine} mg, ${percent}% of ${CAFFEINE_DAILY_LIMIT_MG} mg a day (estimate)`}
      data-testid="caffeine-meter"
    >
      {caffeine} mg of {CAFFEINE_DAILY_LIMIT_MG} mg
    </meter>
  );
}

/** A card's line: price per ounce, caffeine per ounce and per dollar of the shown size, marked as estimates. */
export function CardValue({ size }: { size: DrinkSizeInfo }) {
  const v = drinkValue(figuresOf(size));
  const parts = [v.pricePerOz !== null && formatValue.pricePerOz(v.pricePerOz)];
  if (size.caffeine)
    parts.push(formatValue.caffeinePerOz(v.caffeinePerOz), formatValue.caffeinePerDollar(v.caffeinePerDollar));
  const text = parts.filter(Boolean).join(' · ');
  return (
    <>
      {text && (
        <p className={classes.figures} data-testid="drink-value">
          {text} (est.)
        </p>
      )}
      {size.caffeine ? <CaffeineMeter caffeine={size.caffeine} /> : null}
    </>
  );
}

/** The meter's note and its source. */
export function CaffeineNote() {
  return (
    <p className={classes.note}>
      {CAFFEINE_DAILY_LIMIT_MG} mg of caffeine a day is the amount the FDA cites as not generally linked to negative
      effects in healthy adults; pregnancy, some medicines and sensitivity lower it. Source:{' '}
      <a href={CAFFEINE_SOURCE.url} rel="noopener noreferrer" target="_blank">
        {CAFFEINE_SOURCE.label}
      </a>
      .
    </p>
  );
}

/** The card's value and caffeine line, its meter and its compare button: loaded after the cards (drink-card.tsx). */
export function CardExtras({
  drink,
  size,
  note,
}: {
  drink: { slug: string; name: string };
  size: DrinkSizeInfo | undefined;
  note?: string;
}) {
  return (
    <>
      {note && (
        <Text size="sm" fw={600} data-testid="drink-note">
          {note}
        </Text>
      )}
      {size && <CardValue size={size} />}
      <Group justify="flex-end" className={classes.compare}>
        <CompareButton drink={drink} />
      </Group>
    </>
  );
}
