import { ADMIN_ROLES, type Administrator, type AdminRole } from '@coffee-guide/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { QueryError } from '@/components/query-error/query-error';
import { ApiError } from '@/lib/api-client';
import { useAdministrators, useAdministratorWrites } from '../api/history';
import { showError, writeWithToast } from '../components/toasts';
import { formatDateTime, Tag } from '../managers/shared';
import { useAdminSession } from '../session/use-admin-session';

const ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };
const ROLE_OPTIONS = ADMIN_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/** The server's message per field of a refused write (400), else none. */
const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? (error.errors ?? {}) : {};

function AddAdministrator({ onClose }: { onClose: () => void }) {
  const { create } = useAdministratorWrites();
  const [values, setValues] = useState({ email: '', role: 'editor' as AdminRole, password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await create.mutateAsync(values);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) setErrors(fields);
      else showError(error);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Add administrator" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
            error={errors.email}
            required
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={values.role}
            onChange={(role) => role && setValues({ ...values, role: role as AdminRole })}
            error={errors.role}
            allowDeselect={false}
          />
          <PasswordInput
            label="Password"
            description="At least 12 characters, not your e-mail, not a common one"
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
            error={errors.password}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SetPassword({ admin, onClose }: { admin: Administrator; onClose: () => void }) {
  const { update } = useAdministratorWrites();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: admin.id, body: { password } });
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields.password) setError(fields.password);
      else showError(e);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`New password for ${admin.email}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">Their sessions end: they sign in again with this password.</Text>
          <PasswordInput
            label="New password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Set password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Administrators (owners only, docs/security.md, "Roles"): each one's role, changed in place; disable or enable;
 * a new password; delete after confirming; add one. The last owner cannot be demoted, disabled or deleted: the
 * server's message says so.
 */
export function AdminsTab() {
  const admins = useAdministrators();
  const { update, remove } = useAdministratorWrites();
  const me = useAdminSession().admin;
  const [adding, setAdding] = useState(false);
  const [passwordFor, setPasswordFor] = useState<Administrator | null>(null);
  const [deleting, setDeleting] = useState<Administrator | null>(null);

  const changeRole = (admin: Administrator, role: AdminRole) =>
    writeWithToast(() => update.mutateAsync({ id: admin.id, body: { role } }), {
      title: 'Role changed',
      message: `${admin.email} is now ${ROLE_LABELS[role].toLowerCase()}.`,
    });
  const toggle = (admin: Administrator) =>
    writeWithToast(() => update.mutateAsync({ id: admin.id, body: { disabled: !admin.disabled } }), {
      title: admin.disabled ? 'Enabled' : 'Disabled',
      message: `${admin.email} ${admin.disabled ? 'can sign in again' : 'can no longer sign in'}.`,
    });
  const confirmDelete = async () => {
    if (!deleting) return;
    const done = await writeWithToast(() => remove.mutateAsync(deleting.id), {
      title: 'Administrator deleted',
      message: `${deleting.email} was deleted.`,
    });
    if (done) setDeleting(null);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="admins-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="admins-title">
            Administrators
          </Title>
          <Button onClick={() => setAdding(true)}>Add administrator</Button>
        </Group>
        {admins.isPending ? (
          <Skeleton height={80} role="status" aria-label="Loading the administrators" />
        ) : admins.isError ? (
          <QueryError
            title="We couldn't load the administrators."
            onRetry={() => admins.refetch()}
            retrying={admins.isFetching}
          />
        ) : (
          <Table aria-labelledby="admins-title" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {admins.data.map((admin) => (
                <Table.Tr key={admin.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {admin.email}
                      {me?.id === admin.id ? ' (you)' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Role of ${admin.email}`}
                      data={ROLE_OPTIONS}
                      value={admin.role}
                      onChange={(role) => role && role !== admin.role && void changeRole(admin, role as AdminRole)}
                      allowDeselect={false}
                      size="xs"
                      w={120}
                    />
                  </Table.Td>
                  <Table.Td>
                    {admin.disabled ? <Tag color="red">Disabled</Tag> : <Tag color="teal">Active</Tag>}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : 'Never'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="default" onClick={() => void toggle(admin)}>
                        {admin.disabled ? 'Enable' : 'Disable'}
                      </Button>
                      <Button size="compact-xs" variant="default" onClick={() => setPasswordFor(admin)}>
                        Set password
                      </Button>
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="light"
                        onClick={() => setDeleting(admin)}
                        aria-label={`Delete ${admin.email}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {adding && <AddAdministrator onClose={() => setAdding(false)} />}
      {passwordFor && <SetPassword admin={passwordFor} onClose={() => setPasswordFor(null)} />}
      {deleting && (
        <Modal
          opened
          onClose={() => setDeleting(null)}
          title="Delete administrator?"
          centered
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <Alert color="red" variant="light">
            Delete <strong>{deleting.email}</strong>? They can no longer sign in, and every session of theirs ends.
          </Alert>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirmDelete()} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Modal>
      )}
    </Card>
  );
}
