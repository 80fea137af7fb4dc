import { Link } from 'wouter';
import type { z } from 'zod';
import {
  OwnerStep,
  ownerStepSchemas,
  visibleOwnerStep,
  type OwnerQuestionStep,
} from '../../../domain/owner-questionnaire.schema';
import type { OwnerAnswers } from '../questionnaire-flow';
import { stepTitles } from '../step-content';
import { useSubmitStepForm, type SubmitStepProps } from '../../long-form';
import type { ContactAnswers } from '../use-owner-questionnaire';
import { FieldMessage, Hint, StepCounter, StepNav, StepTitle } from './question-layout';

const contactSchema = ownerStepSchemas[OwnerStep.CONTACT];
type ContactFields = z.input<typeof contactSchema>;

const fields = [
  { name: 'lastname', label: 'Nom', type: 'text', autoComplete: 'family-name' },
  { name: 'firstname', label: 'Prénom', type: 'text', autoComplete: 'given-name' },
  {
    name: 'email',
    label: 'Adresse e-mail',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
  {
    name: 'phone',
    label: 'Téléphone',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    placeholder: '06 12 34 56 78',
  },
] as const satisfies readonly {
  name: keyof ContactFields;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: 'email' | 'tel';
  placeholder?: string;
}[];

/**
 * CONTACT (spec 2.5, 5): the four fields with the schema's French messages on touched fields;
 * the submit stays disabled until they are valid, and a failed send keeps everything and says
 * why, pointing to the step to fix when the problem is a property answer.
 */
export function ContactStep({
  answers,
  onChange,
  onSubmit,
  onPrevious,
  onFix,
  sending,
  failure,
}: SubmitStepProps<OwnerAnswers, ContactAnswers>) {
  const {
    register,
    send,
    formState: { errors },
  } = useSubmitStepForm<ContactFields, ContactAnswers>({
    schema: contactSchema,
    defaultValues: {
      lastname: answers.lastname ?? '',
      firstname: answers.firstname ?? '',
      email: answers.email ?? '',
      phone: answers.phone ?? '',
    },
    onSubmit,
  });

  const valid = contactSchema.safeParse(answers).success;

  return (
    <form noValidate method="post" onSubmit={send} aria-describedby="owner-contact-aide">
      <StepCounter step={OwnerStep.CONTACT} />
      <StepTitle>{stepTitles[OwnerStep.CONTACT]}</StepTitle>
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
                  onClick={() => failure.fix && onFix(failure.fix.step)}
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
        {fields.map((field) => {
          const error = errors[field.name]?.message;
          const id = `owner-${field.name}`;
          return (
            <div key={field.name}>
              <label htmlFor={id} className="mb-1.5 block font-medium">
                {field.label}
              </label>
              <input
                id={id}
                type={field.type}
                autoComplete={field.autoComplete}
                inputMode={'inputMode' in field ? field.inputMode : undefined}
                placeholder={'placeholder' in field ? field.placeholder : undefined}
                className={`input w-full ${error ? 'input-error' : ''}`}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-erreur` : undefined}
                {...register(field.name, {
                  onChange: (e: { target: HTMLInputElement }) =>
                    onChange({ [field.name]: e.target.value }),
                })}
              />
              <FieldMessage id={`${id}-erreur`} message={error} />
            </div>
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
        onPrevious={onPrevious}
        nextLabel="Envoyer ma demande"
        longLabel
      />
    </form>
  );
}
