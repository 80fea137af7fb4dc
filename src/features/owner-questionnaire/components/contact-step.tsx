import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import {
  OwnerStep,
  ownerStepSchemas,
  visibleOwnerStep,
  type OwnerQuestionStep,
} from '../../../domain/owner-questionnaire.schema';
import {
  identityFields,
  identityInputs,
  identityValues,
  type IdentityField,
} from '../../../ui/form/identity';
import { LabelledInput } from '../../../ui/form/labelled-input';
import type { OwnerAnswers } from '../questionnaire-flow';
import { stepTitles } from '../step-content';
import { useSubmitStepForm, type SubmitStepProps } from '../../long-form';
import type { ContactAnswers } from '../use-owner-questionnaire';
import { FieldMessage, Hint, QuestionTitle, StepCounter, StepNav } from './question-layout';

const contactSchema = ownerStepSchemas[OwnerStep.CONTACT];
type ContactFields = z.input<typeof contactSchema>;

const labels: Record<keyof ContactFields, string> = {
  lastname: 'Nom',
  firstname: 'Prénom',
  email: 'Adresse e-mail',
  phone: 'Téléphone',
};

/** The keyboard a phone shows, and the form a French number takes. */
const hints: Partial<Record<IdentityField, ComponentProps<'input'>>> = {
  email: { inputMode: 'email' },
  phone: { inputMode: 'tel', placeholder: '06 12 34 56 78' },
};

/**
 * CONTACT (spec 2.5, 5): the four fields with the schema's French messages on touched fields;
 * the submit stays disabled until they are valid, and a failed send keeps everything and says
 * why, pointing to the step to fix when the problem is a property answer.
 */
export function ContactStep({ form }: SubmitStepProps<OwnerAnswers, ContactAnswers>) {
  const { failure, sending } = form;
  const {
    register,
    send,
    formState: { errors },
  } = useSubmitStepForm<ContactFields, ContactAnswers>({
    schema: contactSchema,
    defaultValues: identityValues(form.answers),
    onSubmit: form.submit,
  });

  const valid = contactSchema.safeParse(form.answers).success;

  return (
    <form noValidate method="post" onSubmit={send} aria-describedby="owner-contact-aide">
      <StepCounter step={OwnerStep.CONTACT} />
      <QuestionTitle step={OwnerStep.CONTACT} />
      <Hint id="owner-contact-aide">
        Un chasseur immobilier vous rappelle sous 48 heures pour parler de votre bien et de votre
        calendrier de vente.
      </Hint>

      {failure ? (
        <div id="owner-contact-echec" role="alert" className="alert alert-soft alert-error mt-6">
          <div className="w-full">
            <p>{failure.message}</p>
            {failure.fix ? (
              <p className="mt-2">
                Étape {visibleOwnerStep(failure.fix.step)}, «&nbsp;
                {stepTitles[failure.fix.step as OwnerQuestionStep]}&nbsp;»&nbsp;:{' '}
                {failure.fix.message}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              {failure.fix ? (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => failure.fix && form.goTo(failure.fix.step)}
                >
                  Corriger cette réponse
                </button>
              ) : null}
              {failure.retryable ? (
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={sending}
                  onClick={() => void send()}
                >
                  Réessayer
                </button>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        {identityFields.map((name) => {
          const error = errors[name]?.message;
          const id = `owner-${name}`;
          return (
            <LabelledInput
              key={name}
              id={id}
              label={labels[name]}
              labelClassName="mb-1.5 block font-medium"
              {...identityInputs[name]}
              {...hints[name]}
              invalid={!!error}
              messageId={`${id}-erreur`}
              {...register(name, {
                onChange: (e: { target: HTMLInputElement }) =>
                  form.answer({ [name]: e.target.value }),
              })}
            >
              <FieldMessage id={`${id}-erreur`} message={error} />
            </LabelledInput>
          );
        })}
      </div>

      <p className="mt-6 text-sm text-base-content/70">
        Vos coordonnées servent uniquement à traiter votre demande. Voir notre{' '}
        <Link href="/aide/politique-confidentialite" className="link">
          politique de confidentialité
        </Link>
        .
      </p>

      <StepNav
        canNext={valid}
        busy={sending}
        onPrevious={form.previous}
        nextLabel="Envoyer ma demande"
        longLabel
      />
    </form>
  );
}
