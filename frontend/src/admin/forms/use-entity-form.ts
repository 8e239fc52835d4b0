import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { showError, showSuccess } from '../components/toasts';
import { errorsFromServer, firstSegment, validatePayload, type FieldOf } from './validation';

export interface EntityFormOptions<Values extends Record<string, unknown>, Payload> {
  initialValues: Values;
  /** What the form sends: the API's write payload. */
  toPayload: (values: Values) => Payload;
  /** The API's own write schema: the form shows exactly the errors the API would answer. */
  schema: z.ZodType;
  /** Where a payload path shows in the form (default: its first segment). */
  fieldOf?: FieldOf;
  /** Checks beyond the API schema (e.g. JSON-LD, the hours text). */
  extraValidate?: (values: Values) => Record<string, string>;
  save: (payload: Payload) => Promise<unknown>;
  /** Success toast. */
  success: { title: string; message: (values: Values) => string };
  onSaved: () => void;
}

export interface EntityForm<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** A message for no field in particular. */
  generalError: string | undefined;
}

/**
 * A form validated by the API's schema before it is sent; the server's per-field messages of a 400 land
 * at the same fields. On success: toast, dirty state cleared, then `onSaved` (the dialog closes).
 */
export function useEntityForm<Values extends Record<string, unknown>, Payload>({
  initialValues,
  toPayload,
  schema,
  fieldOf = firstSegment,
  extraValidate,
  save,
  success,
  onSaved,
}: EntityFormOptions<Values, Payload>): EntityForm<Values> {
  const [saving, setSaving] = useState(false);
  // a message for a field the form does not show goes to the general message, naming the field
  const placed = (errors: Record<string, string>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [key, message] of Object.entries(errors)) {
      if (key === '_' || key.split('.')[0] in initialValues) {
        out[key] ??= message;
      } else {
        out._ = out._ ? `${out._}; ${key}: ${message}` : `${key}: ${message}`;
      }
    }
    return out;
  };
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) =>
      placed({ ...validatePayload(schema, toPayload(values), fieldOf), ...extraValidate?.(values) }),
  });

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = Object.keys(errors).find((k) => k !== '_');
    if (first) form.getInputNode(first)?.focus();
  };

  const onSubmit = form.onSubmit(
    async (values) => {
      setSaving(true);
      const payload = toPayload(values);
      try {
        await save(payload);
        form.resetDirty();
        showSuccess(success.title, success.message(values));
        onSaved();
      } catch (error) {
        if (error instanceof ApiError && error.errors && Object.keys(error.errors).length) {
          const errors = placed(errorsFromServer(error.errors, payload, fieldOf));
          form.setErrors(errors);
          focusFirstError(errors);
        }
        showError(error);
      } finally {
        setSaving(false);
      }
    },
    (errors) => focusFirstError(errors),
  );

  const general = form.errors._;
  return { form, onSubmit, saving, generalError: typeof general === 'string' ? general : undefined };
}
