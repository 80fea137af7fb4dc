import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type { SubmitFailure } from './use-long-form';

/** The running long form (useLongForm) as a flow's submit step (the owner's CONTACT, the buyer's USER) uses it. */
export interface SubmitStepForm<Answers, Input> {
  answers: Answers;
  /** A field changed: into the answers and the draft (never a password). */
  answer: (patch: Partial<Answers>) => void;
  /** Sends the form; resolves with the messages to show on its fields. */
  submit: (input: Input) => Promise<Record<string, string>>;
  previous: () => void;
  /** Goes to the earlier step whose answer the sending needs fixed. */
  goTo: (step: number) => void;
  sending: boolean;
  failure: SubmitFailure | null;
}

export interface SubmitStepProps<Answers, Input> {
  form: SubmitStepForm<Answers, Input>;
}

/**
 * The submit step's form, on react-hook-form with the schema the server checks: messages once a
 * field is touched, then as it changes. `send` submits the valid fields, shows the messages the
 * sending returned (the server's: type 'server') and focuses the first field concerned.
 */
export function useSubmitStepForm<Fields extends FieldValues, Output extends Fields>({
  schema,
  defaultValues,
  onSubmit,
}: {
  schema: z.ZodType<Output, Fields>;
  /** Every field, in the order of the form. */
  defaultValues: Fields;
  onSubmit: (values: Output) => Promise<Record<string, string>>;
}) {
  const form = useForm<Fields, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: defaultValues as DefaultValues<Fields>,
  });
  const send = form.handleSubmit(async (values) => {
    const problems = await onSubmit(values);
    const named = Object.keys(defaultValues).filter((name) => problems[name]);
    named.forEach((name, i) =>
      form.setError(
        name as Path<Fields>,
        { type: 'server', message: problems[name] },
        { shouldFocus: i === 0 },
      ),
    );
  });
  return { ...form, send };
}
