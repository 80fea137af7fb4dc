import { useCallback, useReducer, useState } from 'react';
import {
  OwnerStep,
  type OwnerQuestionStep,
  type OwnerStepNumber,
} from '../../domain/owner-questionnaire.schema';
import type { DraftStorage } from '../../db/drafts.repo';
import { isFinalRefusal } from '../../domain/outbox';
import { toApiFailure } from '../../lib/api';
import { useDraftPersistence } from '../../lib/use-draft-persistence';
import { useWaitingAtOpening } from '../offline/submission-status';
import { isQueued, submitOwnerProperty } from './api/submit-owner-property';
import {
  clearOwnerDraft,
  finishOwnerDraft,
  keyForSubmission,
  markOwnerSubmissionRefused,
  saveOwnerDraft,
} from './owner-draft.repo';
import {
  mayLeave,
  checkSubmission,
  flowReducer,
  openingState,
  splitFieldErrors,
  type DraftSnapshot,
  type OwnerAnswers,
} from './questionnaire-flow';
import { isCityOfDepartment } from './use-geography';

export interface SubmitFailure {
  message: string;
  /** Network, timeout or server error: the same key may be sent again. */
  retryable: boolean;
  /** A property answer to fix first, and the step that asks it. */
  bien: { step: OwnerQuestionStep; message: string } | null;
}

export type ContactAnswers = Pick<
  Required<OwnerAnswers>,
  'lastname' | 'firstname' | 'email' | 'phone'
>;

/**
 * The questions' state: the step and answers (flowReducer), opened from the draft the page read
 * after mount, saved to IndexedDB on each answer and step change, and the submission. `storage`
 * says how the device took the last save: a full or refusing device keeps the answers in memory
 * only (the form stays as it is), and the next save that is stored puts it back to 'ok'.
 */
export function useOwnerQuestionnaire({
  draft,
  begin,
  storage: storageAtOpening,
}: {
  /** The draft read by the page, null when there was none. */
  draft: DraftSnapshot | null;
  /** The person has just pressed 'C’est parti !'. */
  begin: boolean;
  /** How the page's reading of the draft went. */
  storage: DraftStorage;
}) {
  const [{ step, answers }, dispatch] = useReducer(flowReducer, null, () =>
    openingState(draft, begin),
  );
  /** A draft past START was found and is shown again. */
  const [resumed, setResumed] = useState(() => !begin && !!draft && draft.step > OwnerStep.START);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);
  /** The Idempotency-Key of a submission the service worker keeps until the network is back. */
  const [queuedKey, setQueuedKey] = useState<string | null>(null);
  /** The person's own moves, so focus goes to the new title; the first question counts as one. */
  const [moves, setMoves] = useState(begin ? 1 : 0);
  const { storage, noteSaved, answer, restartedAt } = useDraftPersistence<OwnerAnswers>({
    step,
    openingStep: draft?.step ?? OwnerStep.START,
    confirmStep: OwnerStep.CONFIRM,
    storageAtOpening,
    save: saveOwnerDraft,
    dispatch,
  });

  // Reopened on a submission the worker still keeps for the network: CONFIRM, waiting.
  useWaitingAtOpening(draft, OwnerStep.CONTACT, (key, email) => {
    setQueuedKey(key);
    setConfirmedEmail(email);
    setResumed(false);
    dispatch({ type: 'waiting' });
  });

  /** A city belongs to one department: another department clears a city that is not in it. */
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

  /** Next, when the step allows it (the reducer checks again): Enter on an unanswered step does nothing. */
  const next = useCallback(() => {
    if (!mayLeave(step, answers) || step >= OwnerStep.CONTACT) return;
    dispatch({ type: 'next' });
    setMoves((n) => n + 1);
  }, [step, answers]);
  const previous = useCallback(() => {
    dispatch({ type: 'previous' });
    setMoves((n) => n + 1);
  }, []);
  const goTo = useCallback((target: OwnerQuestionStep) => {
    dispatch({ type: 'goto', step: target });
    setFailure(null);
    setMoves((n) => n + 1);
  }, []);

  /** A queued submission the server refused: back to CONTACT, the answers kept, its message shown. */
  const fixRefused = useCallback((message: string | undefined) => {
    dispatch({ type: 'reopen' });
    setQueuedKey(null);
    setFailure({
      message: message ?? 'Le serveur a refusé cet envoi.',
      retryable: false,
      bien: null,
    });
    setMoves((n) => n + 1);
  }, []);

  const restart = useCallback(async () => {
    await clearOwnerDraft();
    restartedAt(OwnerStep.START);
    dispatch({ type: 'reset' });
    setFailure(null);
    setResumed(false);
    setMoves((n) => n + 1);
  }, [restartedAt]);

  /**
   * CONTACT's submit (spec 4.3): the whole body is checked with the server's schema, then sent
   * with the draft's Idempotency-Key. Returns the messages to show on contact fields.
   */
  const submit = useCallback(
    async (contact: ContactAnswers): Promise<Record<string, string>> => {
      dispatch({ type: 'answer', patch: contact });
      setFailure(null);
      const check = checkSubmission({ ...answers, ...contact });
      if (!check.ok) {
        void saveOwnerDraft({ answers: contact }).then(noteSaved);
        setFailure({
          message: check.bien
            ? 'Une réponse précédente est à compléter avant l’envoi.'
            : 'Certains champs sont à corriger avant l’envoi.',
          retryable: false,
          bien: check.bien,
        });
        return check.contact;
      }
      setSending(true);
      const key = await keyForSubmission(contact);
      try {
        const answer = await submitOwnerProperty(check.submission, key);
        if (isQueued(answer)) {
          // Not confirmed yet: the draft stays until the server has the lead (DESIGN.md), and
          // CONFIRM says so, then shows it arrived once the worker has sent it.
          setQueuedKey(key);
        } else {
          await finishOwnerDraft(key);
          setQueuedKey(null);
        }
        setConfirmedEmail(check.submission.contact.email);
        dispatch({ type: isQueued(answer) ? 'waiting' : 'confirmed' });
        setResumed(false);
        setMoves((n) => n + 1);
        return {};
      } catch (error) {
        const failed = toApiFailure(error);
        const refused = isFinalRefusal(failed.status);
        // A refusal is final for this key: the next edit sends the answers under a new one.
        if (refused) await markOwnerSubmissionRefused(key);
        const split = splitFieldErrors(failed.fieldErrors);
        setFailure({
          message: failed.message,
          retryable: !refused,
          bien: split.bien,
        });
        return split.contact;
      } finally {
        setSending(false);
      }
    },
    [answers, noteSaved],
  );

  return {
    step: step as OwnerStepNumber,
    answers,
    resumed,
    storage,
    sending,
    failure,
    confirmedEmail,
    queuedKey,
    moves,
    answer,
    chooseDepartment,
    next,
    previous,
    goTo,
    fixRefused,
    restart,
    submit,
  };
}

export type OwnerQuestionnaire = ReturnType<typeof useOwnerQuestionnaire>;
