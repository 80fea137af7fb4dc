import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import {
  CONTACT_MESSAGE_MAX,
  contactMessageSchema,
  contactSubjects,
  type ContactMessage,
  type ContactMessageInput,
  type ContactSubject,
} from '../../../domain/contact.schema';
import { notify } from '../../../lib/toast';
import { CheckIcon } from '../../../ui';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { SubmitButton } from '../../../ui/form/submit-button';
import { sendContactMessage } from '../api/send-contact-message';

type Fields = ContactMessageInput & { website?: string };

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-error" role="alert">
      {message}
    </p>
  );
}

type ControlName = 'name' | 'email' | 'phone' | 'subject' | 'message' | 'consent';
/** A control's classes, and the one added while it is in error. */
type ControlLook = [string, string];
const inputLook: ControlLook = ['input w-full', 'input-error'];
const selectLook: ControlLook = ['select w-full', 'select-error'];
const textareaLook: ControlLook = ['textarea w-full', 'textarea-error'];
const checkboxLook: ControlLook = ['checkbox checkbox-primary mt-0.5', 'checkbox-error'];

/** A control with its label above and its error below. */
function Field({
  name,
  label,
  error,
  children,
}: {
  name: ControlName;
  label: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`contact-${name}`} className="mb-1.5 block font-medium">
        {label}
      </label>
      {children}
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

/**
 * Contact form: validated as the person types (after a first blur) with the same schema as the
 * server; a failed send keeps everything typed and says why.
 */
export function ContactForm({ brand = 'main' }: { brand?: 'main' | 'homestylz' }) {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    submit,
    getValues,
    control,
    reset,
    failure,
    setFailure,
    formState: { errors, isSubmitting },
  } = useSchemaForm<Fields, ContactMessage>(contactMessageSchema, {
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      // '' shows 'Choisissez…' and fails validation with the schema's French message.
      subject: (brand === 'homestylz' ? 'home-staging' : '') as ContactSubject,
      message: '',
      brand,
      website: '',
    },
  });

  const messageLength = (useWatch({ control, name: 'message' }) ?? '').length;

  const onSubmit = submit(
    async (values) => {
      const website = getValues('website');
      const answer = await sendContactMessage({ ...values, website });
      setSent(answer.message);
      notify.success('Message envoyé');
      reset();
    },
    {
      // The message stays above the button even when fields are at fault.
      onRefused: ({ failed }) => {
        setFailure(failed.message);
        notify.error(failed.message);
        return true;
      },
    },
  );

  if (sent) {
    return (
      <div
        role="status"
        className="rounded-box border border-success/30 bg-success/10 p-6"
        data-testid="contact-sent"
      >
        <p className="flex items-center gap-2 text-lg font-semibold text-success">
          <CheckIcon className="text-2xl" /> Message envoyé
        </p>
        <p className="mt-2">{sent}</p>
        <button type="button" className="btn btn-ghost btn-sm mt-4" onClick={() => setSent(null)}>
          Écrire un autre message
        </button>
      </div>
    );
  }

  const describedBy = (field: string, extra?: string) =>
    [errors[field as keyof Fields] ? `${field}-error` : null, extra].filter(Boolean).join(' ') ||
    undefined;
  /** What every control carries: its id, classes (in error or not), description and binding. */
  const controlOf = (name: ControlName, [look, errorLook]: ControlLook, extra?: string) => ({
    id: `contact-${name}`,
    className: `${look} ${errors[name] ? errorLook : ''}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': describedBy(name, extra),
    ...register(name),
  });

  return (
    // Pressed before the island is live, « Envoyer » is held and replayed on the live form
    // (src/app/hydrate-on-intent.ts): the browser never sends it itself, and `post` would keep
    // what was typed out of the address even then.
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      className="space-y-5"
      aria-describedby={failure ? 'contact-failure' : undefined}
    >
      {failure ? (
        <div id="contact-failure" role="alert" className="alert alert-error alert-soft">
          {failure}
        </div>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="name" label="Nom et prénom" error={errors.name?.message}>
          <input autoComplete="name" {...controlOf('name', inputLook)} />
        </Field>
        <Field name="email" label="Adresse e-mail" error={errors.email?.message}>
          <input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...controlOf('email', inputLook)}
          />
        </Field>
        <Field
          name="phone"
          label={
            <>
              Téléphone <span className="font-normal text-base-content/70">(facultatif)</span>
            </>
          }
          error={errors.phone?.message}
        >
          <input
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="06 12 34 56 78"
            {...controlOf('phone', inputLook)}
          />
        </Field>
        <Field name="subject" label="Objet de votre demande" error={errors.subject?.message}>
          <select
            {...controlOf('subject', selectLook)}
            // The choice the prerendered HTML shows before the form is live.
            defaultValue={brand === 'homestylz' ? 'home-staging' : ''}
          >
            <option value="" disabled>
              Choisissez…
            </option>
            {contactSubjects.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <div>
        <label htmlFor="contact-message" className="mb-1.5 block font-medium">
          Votre message
        </label>
        <textarea
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          {...controlOf('message', textareaLook, 'message-count')}
        />
        <div className="flex justify-between gap-4">
          <FieldError id="message-error" message={errors.message?.message} />
          <p id="message-count" className="ml-auto mt-1.5 text-xs text-base-content/70">
            {messageLength} / {CONTACT_MESSAGE_MAX}
          </p>
        </div>
      </div>

      {/* Honeypot: hidden from people and assistive technology, filled by bots. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Site web</label>
        <input id="contact-website" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>

      <div>
        <label className="flex items-start gap-3">
          <input type="checkbox" {...controlOf('consent', checkboxLook)} />
          <span className="text-sm">
            J’accepte que mes données soient utilisées pour traiter ma demande, conformément à la{' '}
            <Link href="/aide/politique-confidentialite" className="link">
              politique de confidentialité
            </Link>
            .
          </span>
        </label>
        <FieldError id="consent-error" message={errors.consent?.message} />
      </div>

      <SubmitButton loading={isSubmitting} className="btn-lg w-full sm:w-auto">
        Envoyer le message
      </SubmitButton>
    </form>
  );
}
