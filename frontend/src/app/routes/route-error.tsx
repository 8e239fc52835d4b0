import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Rendered when a route throws, e.g. its code chunk failed to load after a deploy. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <Container py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>Something went wrong</Title>
        <Text>This page could not be shown{detail ? ` (${detail})` : ''}. Reloading usually fixes it.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}
