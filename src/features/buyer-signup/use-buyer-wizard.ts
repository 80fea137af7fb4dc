import { useCallback, useEffect, useRef } from 'react';
import { cityValue } from '../../domain/arrondissements';
import type { BuyerStepNumber, RegisterRequest } from '../../domain/buyer-signup.schema';
import { loadCities } from '../../lib/geography';
import { useLongForm, type LongFormFlow, type LongFormProps } from '../long-form';
import { buyerDraft } from './buyer-draft.repo';
import {
  buyerMachine,
  checkRegistration,
  partnerSeed,
  splitFieldErrors,
  type AccountFields,
  type BuyerAnswers,
} from './buyer-flow';

/** The buyer signup as the long form runs it: POST /api/register (spec 2.6, 7). */
export const buyerFlow: LongFormFlow<
  BuyerAnswers,
  AccountFields,
  RegisterRequest,
  BuyerStepNumber
> = {
  machine: buyerMachine,
  draft: buyerDraft,
  // The passwords never go into the answers nor the draft.
  keptOf: ({ password: _p, passwordConfirm: _c, ...visible }) => visible,
  check: checkRegistration,
  splitErrors: splitFieldErrors,
  endpoint: '/api/register',
  emailOf: (body) => body.email,
  messages: {
    fixEarlier: 'Une réponse précédente est à compléter avant l’envoi.',
    // The USER fields carry their own messages.
    fixFields: null,
    refused: 'Le serveur a refusé cette inscription.',
  },
  // An address already registered is said on the e-mail field only.
  failureMessage: (failed, split) =>
    failed.status === 409 && Object.keys(split.fields).length > 0 ? '' : failed.message,
};

/**
 * The wizard's state (the long form's, src/features/long-form), plus the signup's own rules: the
 * partner code of the link goes into the draft, and chosen cities outside the departments go.
 */
export function useBuyerWizard({
  partnerCode,
  ...props
}: LongFormProps & { partnerCode: string | undefined }) {
  const form = useLongForm(buyerFlow, props, partnerSeed(partnerCode));
  const { answers, answer, noteSaved } = form;
  const latest = useRef(answers);
  useEffect(() => {
    latest.current = answers;
  }, [answers]);

  // The partner code of the URL goes into the draft once (it is sent with the registration).
  useEffect(() => {
    if (answers.partnerCode && props.draft?.answers.partnerCode !== answers.partnerCode) {
      void buyerDraft.save({ answers: { partnerCode: answers.partnerCode } }).then(noteSaved);
    }
    // Only at opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Departments changed: chosen cities outside them are dropped once their lists are known. */
  const chooseDepartments = useCallback(
    (department: NonNullable<BuyerAnswers['department']>) => {
      answer({ department });
      const cities = latest.current.cities ?? [];
      if (cities.length === 0) return;
      void loadCities(department).then(
        (list) => {
          const offered = new Set(list.map(cityValue));
          const kept = (latest.current.cities ?? []).filter((c) => offered.has(c));
          if (kept.length !== (latest.current.cities ?? []).length) answer({ cities: kept });
        },
        () => undefined,
      );
    },
    [answer],
  );

  return { ...form, chooseDepartments };
}

export type BuyerWizardState = ReturnType<typeof useBuyerWizard>;
