import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { usePageHead } from '../../lib/use-page-head';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  usePageHead({ type: 'not-found', of: null });

  return (
    <Container py={64}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>404 Page Not Found</Title>
        <Text>
          No page lives at <Code>{pathname}</Code>. Did you forget to add the page to the router?
        </Text>
        <Button component={Link} to="/">
          Go back home
        </Button>
      </Stack>
    </Container>
  );
}
