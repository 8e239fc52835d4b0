import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { signIn } from '../api/auth';
import { showError } from '../components/toasts';
import { storeSession } from './session-store';

export interface SignInFormProps {
  defaultEmail?: string;
  onSignedIn: () => void;
  autoFocus?: boolean;
}

/**
 * docs/decisions.md ("Pages and routes", "Input rules", "Error messages"): e-mail and password, 'Sign In' that reads 'Signing in...' while pending;
 * a missing field is the 'Validation Error' toast, a refusal the 'Login Failed' toast with the server's message.
 */
export function SignInForm({ defaultEmail = '', onSignedIn, autoFocus = false }: SignInFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      showError(new Error('Please fill in all fields'), 'Validation Error');
      return;
    }
    setPending(true);
    try {
      storeSession(await signIn(email.trim(), password));
      setPassword('');
      onSignedIn();
    } catch (error) {
      showError(error instanceof ApiError ? new Error(error.serverMessage || error.message) : error, 'Login Failed');
    } finally {
      setPending(false);
    }
  };

  return (
    // the required check is the spec's toast, so the browser's own check is off
    <form onSubmit={submit} noValidate aria-label="Admin sign-in">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          withAsterisk
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-autofocus={autoFocus || undefined}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" disabled={pending} fullWidth>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </form>
  );
}
