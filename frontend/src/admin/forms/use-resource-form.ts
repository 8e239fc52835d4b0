import { useSave, type Resource } from '../api/resources';
import type { EntityFormModalProps } from './entity-form-modal';
import { useEntityForm, type EntityFormOptions } from './use-entity-form';

export interface ResourceFormOptions<Row, Values extends Record<string, unknown>, Payload> extends Omit<
  EntityFormOptions<Values, Payload>,
  'save' | 'success' | 'onSaved'
> {
  /** The row edited; null: a new one. */
  row: Row | null;
  /** e.g. 'Price': the success toast is titled 'Price created' or 'Price updated'. */
  noun: string;
  /** The success toast's text. */
  savedMessage: (values: Values) => string;
  /** Closes the dialog (after a save too). */
  onClose: () => void;
}

/**
 * The form of a manager's dialog: creates (POST) or updates (PUT /{id}) the resource's row, toasts the
 * outcome, and hands the dialog its props.
 */
export function useResourceForm<Row extends { id: number }, Values extends Record<string, unknown>, Payload>(
  resource: Resource<Row>,
  { row, noun, savedMessage, onClose, ...options }: ResourceFormOptions<Row, Values, Payload>,
) {
  const save = useSave<Row, Payload>(resource);
  const creating = row === null;
  const { form, onSubmit, saving, generalError } = useEntityForm<Values, Payload>({
    ...options,
    save: (payload) => save.mutateAsync({ id: row?.id, payload }),
    success: { title: `${noun} ${creating ? 'created' : 'updated'}`, message: savedMessage },
    onSaved: onClose,
  });
  const modal: Omit<EntityFormModalProps, 'title' | 'size' | 'children'> = {
    mode: creating ? 'create' : 'edit',
    dirty: form.isDirty(),
    saving,
    generalError,
    onSubmit,
    onClose,
  };
  return { form, modal };
}
