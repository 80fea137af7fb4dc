import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { toApiFailure, type ApiFailure } from '../../lib/api';

/**
 * A form checked by its contract's zod schema, each message shown once its field has been
 * touched (unless `mode` says otherwise), with the failure of its last sending, shown above its
 * button. `submit(send)` is its onSubmit: it clears that failure, sends the checked values and,
 * when the server refuses, puts the refusal's field errors beside their fields, or shows its
 * message when none was placed (unless `onRefused` returns true: it took care of it).
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    ...options,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (
    send: (values: Output) => Promise<unknown>,
    { only, focus = false, onRefused }: Refusable<Input> = {},
  ) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await send(values);
      } catch (error) {
        const failed = toApiFailure(error);
        const fields = Object.entries(failed.fieldErrors).filter(
          ([field]) => !only || only.includes(field as FieldPath<Input>),
        );
        for (const [field, message] of fields) {
          form.setError(field as FieldPath<Input>, { message }, { shouldFocus: focus });
        }
        const placed = fields.length > 0;
        if (onRefused?.({ failed, placed }) !== true && !placed) setFailure(failed.message);
      }
    });
  return { ...form, failure, setFailure, submit };
}

/** What a form does with a refusal beyond the default. */
interface Refusable<Input extends FieldValues> {
  /** The fields whose errors the form shows (those it has); every one unless told. */
  only?: readonly FieldPath<Input>[];
  /** Focus the first field put in error. */
  focus?: boolean;
  /** Called first; returning true means the refusal is taken care of (no message shown). */
  onRefused?: (refusal: { failed: ApiFailure; placed: boolean }) => boolean | undefined;
}
