import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SearchBox } from '@/components/search-box/search-box';
import { usePageHead } from '@/lib/use-page-head';

export function NotFoundRoute() {
  usePageHead({ type: 'not-found', of: null });

  return (
    <Container py={64}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>404 Page Not Found</Title>
        <Text>
          Sorry, we could not find that page. It may have moved, or the link may be mistyped. Search for a drink, or
          head to the menu or the stand locator.
        </Text>
        <SearchBox label="Search drinks (not-found page)" size="md" />
        <Group gap="sm">
          <Button component={Link} to="/menu">
            Browse the menu
          </Button>
          <Button component={Link} to="/locations" variant="light">
            Find a stand
          </Button>
          <Button component={Link} to="/" variant="subtle">
            Go back home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
