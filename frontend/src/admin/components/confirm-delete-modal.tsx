import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useRemove, type Resource } from '../api/resources';
import { writeWithToast } from './toasts';

export interface ConfirmDeleteModalProps {
  /** What is deleted, e.g. 'menu item'. */
  noun: string;
  /** Its name, e.g. 'Golden Eagle'. */
  name: string | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The resource keeps its deleted records (docs/web.md, "History and restore"): the delete can be undone. */
  restorable?: boolean;
}

/** docs/decisions.md, "Confirmed deletes and the hours editor": deleting asks first, naming the item. */
export function ConfirmDeleteModal({
  noun,
  name,
  deleting,
  onCancel,
  onConfirm,
  restorable = false,
}: ConfirmDeleteModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={name !== null}
      onClose={onCancel}
      title={`Delete ${noun}?`}
      centered
    >
      <Text size="sm">
        Delete the {noun} <strong>“{name}”</strong>?{' '}
        {restorable ? 'You can bring it back from Deleted.' : 'This cannot be undone.'}
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

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A resource's delete flow: `ask(row)` opens the confirmation, which deletes the row, toasts
 * '<Noun> deleted' and closes; a refusal shows the Error toast and leaves the confirmation open.
 */
export function useConfirmDelete<Row extends { id: number | string }>(
  resource: Resource<Row>,
  noun: string,
  nameOf: (row: Row) => string,
) {
  const remove = useRemove(resource);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const onConfirm = async () => {
    if (!deleting) return;
    const name = nameOf(deleting);
    const done = await writeWithToast(() => remove.mutateAsync(deleting.id), {
      title: `${capitalize(noun)} deleted`,
      message: `“${name}” was deleted.`,
    });
    if (done) setDeleting(null);
  };

  const modalProps: ConfirmDeleteModalProps = {
    noun,
    name: deleting ? nameOf(deleting) : null,
    deleting: remove.isPending,
    onCancel: () => setDeleting(null),
    onConfirm,
  };
  return { ask: setDeleting, modalProps };
}
