import { zodResolver } from '@hookform/resolvers/zod';
import { useState, useSyncExternalStore } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link } from 'wouter';
import {
  CONTACT_MESSAGE_MAX,
  contactMessageSchema,
  contactSubjects,
  type ContactMessage,
  type ContactMessageInput,
  type ContactSubject,
} from '../../../domain/contact.schema';
import { toApiFailure } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { CheckIcon } from '../../../ui';
import { sendContactMessage } from '../api/send-contact-message';

type Fields = ContactMessageInput & { website?: string };

const noSubscription = () => () => undefined;

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-error" role="alert">
      {message}
    </p>
  );
}

/**
 * Contact form: validated as the person types (after a first blur) with the same schema as the
 * server; a failed send keeps everything typed and says why.
 */
export function ContactForm({ brand = 'main' }: { brand?: 'main' | 'homestylz' }) {
  // The prerendered form must not be sent by the browser itself before the app has started.
  const started = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Fields, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    mode: 'onTouched',
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

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const website = getValues('website');
      const answer = await sendContactMessage({ ...values, website });
      setSent(answer.message);
      notify.success('Message envoyé');
      reset();
    } catch (error) {
      const failed = toApiFailure(error);
      for (const [field, message] of Object.entries(failed.fieldErrors)) {
        setError(field as FieldPath<Fields>, { message });
      }
      setFailure(failed.message);
      notify.error(failed.message);
    }
  });

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

  return (
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
        <div>
          <label htmlFor="contact-name" className="mb-1.5 block font-medium">
            Nom et prénom
          </label>
          <input
            id="contact-name"
            autoComplete="name"
            className={`input w-full ${errors.name ? 'input-error' : ''}`}
            aria-invalid={!!errors.name}
            aria-describedby={describedBy('name')}
            {...register('name')}
          />
          <FieldError id="name-error" message={errors.name?.message} />
        </div>
        <div>
          <label htmlFor="contact-email" className="mb-1.5 block font-medium">
            Adresse e-mail
          </label>
          <input
            id="contact-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            className={`input w-full ${errors.email ? 'input-error' : ''}`}
            aria-invalid={!!errors.email}
            aria-describedby={describedBy('email')}
            {...register('email')}
          />
          <FieldError id="email-error" message={errors.email?.message} />
        </div>
        <div>
          <label htmlFor="contact-phone" className="mb-1.5 block font-medium">
            Téléphone <span className="font-normal text-base-content/70">(facultatif)</span>
          </label>
          <input
            id="contact-phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="06 12 34 56 78"
            className={`input w-full ${errors.phone ? 'input-error' : ''}`}
            aria-invalid={!!errors.phone}
            aria-describedby={describedBy('phone')}
            {...register('phone')}
          />
          <FieldError id="phone-error" message={errors.phone?.message} />
        </div>
        <div>
          <label htmlFor="contact-subject" className="mb-1.5 block font-medium">
            Objet de votre demande
          </label>
          <select
            id="contact-subject"
            className={`select w-full ${errors.subject ? 'select-error' : ''}`}
            aria-invalid={!!errors.subject}
            aria-describedby={describedBy('subject')}
            {...register('subject')}
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
          <FieldError id="subject-error" message={errors.subject?.message} />
        </div>
      </div>

      <div>
        <label htmlFor="contact-message" className="mb-1.5 block font-medium">
          Votre message
        </label>
        <textarea
          id="contact-message"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`}
          aria-invalid={!!errors.message}
          aria-describedby={describedBy('message', 'message-count')}
          {...register('message')}
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
          <input
            type="checkbox"
            className={`checkbox checkbox-primary mt-0.5 ${errors.consent ? 'checkbox-error' : ''}`}
            aria-invalid={!!errors.consent}
            aria-describedby={describedBy('consent')}
            {...register('consent')}
          />
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

      <button
        type="submit"
        className="btn btn-primary btn-lg w-full sm:w-auto"
        disabled={!started || isSubmitting}
      >
        {isSubmitting ? <span className="loading loading-spinner loading-sm" /> : null}
        Envoyer le message
      </button>
    </form>
  );
}
