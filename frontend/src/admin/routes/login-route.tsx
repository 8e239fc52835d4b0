// The admin is a client-only app with many components: Mantine's whole stylesheet, in the admin's own chunk.
import '@mantine/core/styles.layer.css';
import { Alert, Card, Center, Container, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageHead } from '@/lib/use-page-head';
import { safeReturnPath } from '../session/require-admin-session';
import { SignInForm } from '../session/sign-in-form';

/** /admin and /admin/login (docs/decisions.md, "Pages and routes"): 'Admin Login'; success opens the dashboard, or the admin page asked for. */
export function AdminLoginRoute() {
  usePageHead({ type: 'admin', page: 'login' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = params.get('next');

  return (
    <Container size={420} py={64}>
      <Card withBorder padding="xl" radius="md" shadow="sm">
        <Center mb="xs">
          <Title order={1} size="h2">
            Admin Login
          </Title>
        </Center>
        <Text size="sm" c="dimmed" ta="center" mb="lg">
          Sign in to manage the menu, prices, locations and content.
        </Text>
        {next && (
          <Alert variant="light" mb="md" role="status">
            Sign in to continue where you were.
          </Alert>
        )}
        <SignInForm
          onSignedIn={() => {
            // nothing cached from an earlier session is shown to this one
            queryClient.removeQueries({ queryKey: ['admin'] });
            navigate(safeReturnPath(next), { replace: true });
          }}
        />
      </Card>
    </Container>
  );
}
