import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { UnsavedChangesGuard } from '../components/unsaved-changes-guard';
import { HistorySlot } from '../history/history-panel';

export interface EntityFormModalProps {
  title: string;
  /** Create or update: the submit button's label. */
  mode: 'create' | 'edit';
  dirty: boolean;
  saving: boolean;
  generalError?: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  size?: string;
  /** Buttons in place of Create/Update (the blog editor's Save draft, Preview and Publish). */
  actions?: ReactNode;
  /** Text beside the buttons (an autosave's time). */
  status?: ReactNode;
  children: ReactNode;
}

/**
 * The dialog of a manager's form (docs/decisions.md, "Page states": closed, or open to create or edit). Closing it with
 * unsaved changes asks first; so does leaving the page.
 */
export function EntityFormModal({
  title,
  mode,
  dirty,
  saving,
  generalError,
  onSubmit,
  onClose,
  size = 'lg',
  actions,
  status,
  children,
}: EntityFormModalProps) {
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const requestClose = () => {
    if (saving) return;
    if (dirty) setConfirmingDiscard(true);
    else onClose();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={requestClose}
      title={title}
      size={size}
      closeOnClickOutside={!dirty}
    >
      <UnsavedChangesGuard when={dirty} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {generalError && (
            <Alert color="red" variant="light" role="alert">
              {generalError}
            </Alert>
          )}
          {children}
          {confirmingDiscard ? (
            <Alert
              color="yellow"
              variant="light"
              title="Discard unsaved changes?"
              role="alertdialog"
              aria-label="Discard unsaved changes?"
            >
              <Text size="sm">Your changes to this form have not been saved.</Text>
              <Group justify="flex-end" mt="sm" gap="sm">
                <Button variant="default" size="xs" onClick={() => setConfirmingDiscard(false)} data-autofocus>
                  Keep editing
                </Button>
                <Button color="red" size="xs" onClick={onClose}>
                  Discard changes
                </Button>
              </Group>
            </Alert>
          ) : (
            <Group justify="flex-end" mt="sm">
              {status}
              <Button variant="default" onClick={requestClose} disabled={saving}>
                Cancel
              </Button>
              {actions ?? (
                <Button type="submit" loading={saving}>
                  {mode === 'create' ? 'Create' : 'Update'}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </form>
      {/* The record's history, when its manager keeps one (docs/web.md, "History and restore"). */}
      {mode === 'edit' && (
        <Stack mt="lg">
          <HistorySlot />
        </Stack>
      )}
    </Modal>
  );
}
