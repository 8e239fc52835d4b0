import { Button, Modal, Stack, Text } from '@mantine/core';
import { endWaiting } from './session-store';
import { SignInForm } from './sign-in-form';
import { useAdminSession } from './use-admin-session';

/**
 * A call met an expired session the refresh could not renew: sign in again here, over the open form,
 * and the call goes on with what was typed. 'Sign out instead' drops the waiting call.
 */
export function SessionExpiredModal({ onSignOut }: { onSignOut: () => void }) {
  const session = useAdminSession();
  return (
    <Modal
      opened={session.signInRequired}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Your session has expired"
      zIndex={500}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Sign in again to continue. Nothing you typed is lost: your change is sent once you are signed in.
        </Text>
        <SignInForm defaultEmail={session.admin?.email ?? ''} onSignedIn={() => {}} autoFocus />
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            endWaiting();
            onSignOut();
          }}
        >
          Sign out instead
        </Button>
      </Stack>
    </Modal>
  );
}
