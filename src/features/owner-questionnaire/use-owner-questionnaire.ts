import { useCallback } from 'react';
import type { OwnerStepNumber, OwnerSubmission } from '../../domain/owner-questionnaire.schema';
import { useLongForm, type LongFormFlow, type LongFormProps } from '../long-form';
import { ownerDraft } from './owner-draft.repo';
import {
  checkSubmission,
  ownerMachine,
  splitFieldErrors,
  type OwnerAnswers,
} from './questionnaire-flow';
import { isCityOfDepartment } from '../../lib/use-geography';

export type ContactAnswers = Pick<
  Required<OwnerAnswers>,
  'lastname' | 'firstname' | 'email' | 'phone'
>;

/** The owner questionnaire as the long form runs it: POST /api/public/biens (spec 4.3, 7). */
export const ownerFlow: LongFormFlow<
  OwnerAnswers,
  ContactAnswers,
  OwnerSubmission,
  OwnerStepNumber
> = {
  machine: ownerMachine,
  draft: ownerDraft,
  keptOf: (contact) => contact,
  check: (answers) => checkSubmission(answers),
  splitErrors: splitFieldErrors,
  endpoint: '/api/public/biens',
  emailOf: (submission) => submission.contact.email,
  messages: {
    fixEarlier: 'Une réponse précédente est à compléter avant l’envoi.',
    fixFields: 'Certains champs sont à corriger avant l’envoi.',
    refused: 'Le serveur a refusé cet envoi.',
  },
};

/**
 * The questions' state (the long form's, src/features/long-form), plus the questionnaire's own
 * rule: a city belongs to one department, so another department clears a city not in it.
 */
export function useOwnerQuestionnaire(props: LongFormProps) {
  const form = useLongForm(ownerFlow, props);
  const { answer, answers } = form;

  const chooseDepartment = useCallback(
    (code: string) => {
      // The options come from loadDepartments, which only gives the kept departments.
      const department = code as NonNullable<OwnerAnswers['department']>;
      answer({ department });
      const city = answers.city;
      if (!city || department === answers.department) return;
      void isCityOfDepartment(city, department)
        .catch(() => false)
        .then((inside) => {
          if (!inside) answer({ city: undefined });
        });
    },
    [answer, answers.city, answers.department],
  );

  return { ...form, chooseDepartment };
}

export type OwnerQuestionnaire = ReturnType<typeof useOwnerQuestionnaire>;
