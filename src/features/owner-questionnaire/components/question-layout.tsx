import type { ComponentProps, ReactNode } from 'react';
import { visibleOwnerStep, type OwnerStepNumber } from '../../../domain/owner-questionnaire.schema';
import { LongFormNav, LongFormTitle } from '../../long-form';
import { QUESTION_COUNT } from '../questionnaire-flow';
import { stepTitles } from '../step-content';
import { STEP_TITLE_ID, titleClass } from './questionnaire-frame';

export { STEP_TITLE_ID, titleClass };

/** 'Étape 3 sur 14' above the title: the visible step number of spec 2.5. */
export function StepCounter({ step }: { step: number }) {
  return (
    <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-secondary-strong">
      Étape {visibleOwnerStep(step)} <span className="font-normal">sur {QUESTION_COUNT}</span>
    </p>
  );
}

/** The step's title: the h1 focused on each new step. */
export function StepTitle({ children }: { children: ReactNode }) {
  return <LongFormTitle id={STEP_TITLE_ID}>{children}</LongFormTitle>;
}

/** A question's own title (spec 2.5), as a plain h1 or a group's legend. */
export function QuestionTitle({ step }: { step: OwnerStepNumber }) {
  return <StepTitle>{stepTitles[step]}</StepTitle>;
}

export function FieldMessage({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 text-sm text-error" role="alert">
      {message}
    </p>
  );
}

export function Hint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-3 text-base-content/70">
      {children}
    </p>
  );
}

/** Précédent and Suivant; Suivant submits the step's form, so Enter in a field works too. */
export function StepNav(props: Omit<ComponentProps<typeof LongFormNav>, 'previousLabel'>) {
  return <LongFormNav previousLabel="Précédent" {...props} />;
}

/**
 * A question's form: submitting it (Suivant, or Enter in a field) moves on when allowed, Enter on
 * a radio button or a checkbox included.
 */
export { LongFormForm as QuestionForm } from '../../long-form';
