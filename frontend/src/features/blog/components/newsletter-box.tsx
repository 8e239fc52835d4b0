import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState, type FormEvent } from 'react';

/** The spec's subscribe box has no action: the site has no newsletter, and says so instead of pretending. */
export function NewsletterBox({
  title = 'Stay Updated',
  button = 'Subscribe',
  withEmail = true,
}: {
  title?: string;
  button?: string;
  withEmail?: boolean;
}) {
  const [email, setEmail] = useState('');
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEmail('');
    notifications.show({
      title: 'The newsletter is coming soon',
      message:
        'We do not send a newsletter yet, so nothing was saved. New articles always appear here on the blog first.',
    });
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h5" id={`${id}-title`} mb={6}>
        {title}
      </Title>
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Text size="sm">New reviews, secret menu recipes and guides, once a month.</Text>
          {withEmail && (
            <TextInput
              type="email"
              label="Email address"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              size="sm"
            />
          )}
          <Button type="submit" size="sm">
            {button}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
