import type { NutritionFacts } from '@coffee-guide/contracts';
import { Group, Progress, Text } from '@mantine/core';
import { formatGrams } from '@/lib/format';
import { hasDailyValue, NUTRIENT_LINES, percentDailyValue } from '@/features/menu/utils/nutrition';
import classes from './nutrition.module.css';

function amount(value: number, unit: 'g' | 'mg'): string {
  return unit === 'g' ? `${formatGrams(value)} g` : `${Math.round(value)} mg`;
}

/**
 * One size's nutrition facts, label style: each line with its amount and, where there is a daily value,
 * the percent and its bar. Caffeine only when above 0 (docs/decisions.md, "Pages and routes").
 */
export function NutritionFactsList({ facts }: { facts: NutritionFacts }) {
  return (
    <dl className={classes.facts}>
      <div className={classes.line} data-kind="calories">
        <dt>Calories</dt>
        <dd>{facts.calories}</dd>
      </div>
      {NUTRIENT_LINES.filter((line) => line.key !== 'caffeine' || facts.caffeine > 0).map((line) => {
        const value = facts[line.key];
        const percent = hasDailyValue(line.key) ? percentDailyValue(line.key, value) : null;
        return (
          <div key={line.key} className={classes.line} data-sub={line.sub || undefined} data-kind={line.key}>
            <dt>{line.label}</dt>
            <dd>
              <Group gap={8} justify="flex-end" wrap="nowrap">
                <span>{amount(value, line.unit)}</span>
                {percent !== null && (
                  <Text component="span" size="sm" fw={700} className={classes.percent}>
                    {percent}% DV
                  </Text>
                )}
              </Group>
              {percent !== null && (
                <Progress value={Math.min(percent, 100)} size="sm" className={classes.bar} aria-hidden="true" />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
