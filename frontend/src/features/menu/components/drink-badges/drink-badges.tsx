import type { Drink } from '@coffee-guide/contracts';
import { Badge, Group } from '@mantine/core';
import classes from './drink-badges.module.css';

export interface DrinkBadgesProps {
  drink: Pick<Drink, 'isFeatured' | 'dietaryOptions'> & Partial<Pick<Drink, 'isSecretMenu' | 'isSeasonal'>>;
  /** Also the Secret Menu and Seasonal flags (the drink page). */
  withFlags?: boolean;
}

/** The Featured badge and the dietary options; colours chosen for 4.5:1 contrast, unlike Mantine's default light blue. */
export function DrinkBadges({ drink, withFlags = false }: DrinkBadgesProps) {
  const flags = withFlags
    ? [drink.isSecretMenu && 'Secret Menu', drink.isSeasonal && 'Seasonal'].filter((f): f is string => Boolean(f))
    : [];
  if (!drink.isFeatured && drink.dietaryOptions.length === 0 && flags.length === 0) return null;
  return (
    <Group gap={6} aria-label="Badges" role="list">
      {drink.isFeatured && (
        <Badge role="listitem" variant="filled" color="coffee">
          Featured
        </Badge>
      )}
      {flags.map((flag) => (
        <Badge role="listitem" key={flag} variant="outline" color="coffee">
          {flag}
        </Badge>
      ))}
      {drink.dietaryOptions.map((option) => (
        <Badge role="listitem" key={option} variant="default" className={classes.dietary}>
          {option}
        </Badge>
      ))}
    </Group>
  );
}
