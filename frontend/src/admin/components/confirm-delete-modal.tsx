import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDeleteModalProps {
  /** What is deleted, e.g. 'menu item'. */
  noun: string;
  /** Its name, e.g. 'Golden Eagle'. */
  name: string | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** DESIGN.md decision 9: deleting asks first, naming the item. */
export function ConfirmDeleteModal({ noun, name, deleting, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={name !== null} onClose={onCancel} title={`Delete ${noun}?`} centered>
      <Text size="sm">
        Delete the {noun} <strong>“{name}”</strong>? This cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
