import { type Drink } from '@coffee-guide/contracts';
import { pickSurprise } from '@coffee-guide/domain';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { drinkPath } from '../utils/drink';

/** Picks a random drink among those that match the page's filters and opens it; says so when none matches. */
export function SurpriseMe({
  drinks,
  disabled,
}: {
  drinks: readonly Pick<Drink, 'slug' | 'categorySlug' | 'name'>[];
  disabled?: boolean;
}) {
  const navigate = useNavigate();
  const [nothing, setNothing] = useState(false);
  return (
    <Group gap="xs">
      <Button
        variant="light"
        disabled={disabled}
        onClick={() => {
          // the pick happens on the click, never while rendering
          const pick = pickSurprise(drinks, Math.random);
          setNothing(!pick);
          if (pick) void navigate(drinkPath(pick));
        }}
        data-testid="surprise-me"
      >
        Surprise me
      </Button>
      <Text size="sm" role="status" aria-live="polite" data-testid="surprise-status">
        {nothing ? 'No drink matches these filters, so there is nothing to pick. Loosen a filter and try again.' : ''}
      </Text>
    </Group>
  );
}
