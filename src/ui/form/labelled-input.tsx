import type { ComponentProps, ReactNode } from 'react';

/**
 * An input with its label above it and, under it, what is wrong with it (`children`, whose id
 * is `messageId`): while `invalid`, the input is marked so and described by that message.
 */
export function LabelledInput({
  id,
  label,
  labelClassName,
  invalid,
  messageId,
  className,
  children,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'className' | 'children'> & {
  id: string;
  label: ReactNode;
  labelClassName: string;
  invalid: boolean;
  messageId: string;
  /** The class of the field's box (label, input and message). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${invalid ? 'input-error' : ''}`}
        aria-invalid={invalid}
        aria-describedby={invalid ? messageId : undefined}
        {...input}
      />
      {children}
    </div>
  );
}
