import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { BuyerStep, type BuyerStepNumber } from '../../domain/buyer-signup.schema';
import { isFinalRefusal } from '../../domain/outbox';
import type { DraftStorage } from '../../db/drafts.repo';
import { toApiFailure } from '../../lib/api';
import { useDraftPersistence } from '../../lib/use-draft-persistence';
import { useWaitingAtOpening } from '../offline/submission-status';
import { loadCities } from '../../lib/geography';
import { isQueued, register } from './api/register';
import {
  clearBuyerDraft,
  finishBuyerDraft,
  keyForRegistration,
  markRegistrationRefused,
  saveBuyerDraft,
} from './buyer-draft.repo';
import {
  canGoNext,
  checkRegistration,
  flowReducer,
  openingState,
  splitFieldErrors,
  type AccountFields,
  type BuyerAnswers,
  type QuestionStep,
} from './buyer-flow';

export interface SubmitFailure {
  message: string;
  /** Network, timeout or server error: the same key may be sent again (Réessayer). */
  retryable: boolean;
  /** A project answer to fix first, and the step that asks it. */
  project: { step: QuestionStep; message: string } | null;
}

/**
 * The wizard's state: step and answers, saved on each change; the registration. `storage` says
 * how the device took the last save: a full or refusing device keeps the answers in memory only
 * (the form stays as it is), and the next save that is stored puts it back to 'ok'.
 */
export function useBuyerWizard({
  draft,
  begin,
  storage: storageAtOpening,
  partnerCode,
}: {
  draft: { step: number; answers: Record<string, unknown>; key?: string } | null;
  begin: boolean;
  /** How the page's reading of the draft went. */
  storage: DraftStorage;
  partnerCode: string | undefined;
}) {
  const [{ step, answers }, dispatch] = useReducer(flowReducer, null, () =>
    openingState(draft, begin, partnerCode),
  );
  const [resumed, setResumed] = useState(() => !begin && !!draft && draft.step > BuyerStep.START);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  /** The e-mail registered, and the Idempotency-Key of a registration the worker keeps queued. */
  const [confirmed, setConfirmed] = useState<{ email: string; queuedKey: string | null } | null>(
    null,
  );
  const [moves, setMoves] = useState(begin ? 1 : 0);
  const { storage, noteSaved, answer, restartedAt } = useDraftPersistence<BuyerAnswers>({
    step,
    openingStep: draft?.step ?? BuyerStep.START,
    confirmStep: BuyerStep.CONFIRM,
    storageAtOpening,
    save: saveBuyerDraft,
    dispatch,
  });
  const latest = useRef(answers);
  useEffect(() => {
    latest.current = answers;
  }, [answers]);

  // Reopened on a registration the worker still keeps for the network: CONFIRM, waiting.
  useWaitingAtOpening(draft, BuyerStep.USER, (key, email) => {
    setConfirmed({ email, queuedKey: key });
    setResumed(false);
    dispatch({ type: 'confirmed' });
  });

  // The partner code of the URL goes into the draft once (it is sent with the registration).
  useEffect(() => {
    if (answers.partnerCode && draft?.answers.partnerCode !== answers.partnerCode) {
      void saveBuyerDraft({ answers: { partnerCode: answers.partnerCode } }).then(noteSaved);
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
          const names = new Set(list.map((c) => c.nom));
          const kept = (latest.current.cities ?? []).filter((c) => names.has(c));
          if (kept.length !== (latest.current.cities ?? []).length) answer({ cities: kept });
        },
        () => undefined,
      );
    },
    [answer],
  );

  const next = useCallback(() => {
    if (!canGoNext(step, answers) || step >= BuyerStep.USER) return;
    dispatch({ type: 'next' });
    setMoves((n) => n + 1);
  }, [step, answers]);
  const previous = useCallback(() => {
    dispatch({ type: 'previous' });
    setFailure(null);
    setMoves((n) => n + 1);
  }, []);
  const goTo = useCallback((target: BuyerStepNumber) => {
    dispatch({ type: 'goto', step: target });
    setFailure(null);
    setMoves((n) => n + 1);
  }, []);

  const restart = useCallback(async () => {
    await clearBuyerDraft();
    restartedAt(BuyerStep.START);
    dispatch({ type: 'reset' });
    setFailure(null);
    setResumed(false);
    setMoves((n) => n + 1);
  }, [restartedAt]);

  /** 'Validé': checks the whole body with the server's schema, then POST /api/register. */
  const submit = useCallback(
    async (account: AccountFields): Promise<Record<string, string>> => {
      const { password: _p, passwordConfirm: _c, ...visible } = account;
      void _p;
      void _c;
      dispatch({ type: 'answer', patch: visible });
      setFailure(null);
      const check = checkRegistration({ ...answers, ...visible }, account);
      if (!check.ok) {
        void saveBuyerDraft({ answers: visible }).then(noteSaved);
        setFailure(
          check.project
            ? {
                message: 'Une réponse précédente est à compléter avant l’envoi.',
                retryable: false,
                project: check.project,
              }
            : null,
        );
        return check.user;
      }
      setSending(true);
      const key = await keyForRegistration(visible);
      try {
        const result = await register(check.body, key);
        if (isQueued(result)) {
          // Not confirmed yet: the draft stays until the server has the registration.
          setConfirmed({ email: check.body.email, queuedKey: key });
        } else {
          await finishBuyerDraft(key);
          setConfirmed({ email: check.body.email, queuedKey: null });
        }
        dispatch({ type: 'confirmed' });
        setResumed(false);
        setMoves((n) => n + 1);
        return {};
      } catch (error) {
        const failed = toApiFailure(error);
        const refused = isFinalRefusal(failed.status);
        if (refused) await markRegistrationRefused(key);
        const split = splitFieldErrors(failed.fieldErrors);
        const onField = Object.keys(split.user).length > 0;
        setFailure({
          message: onField && failed.status === 409 ? '' : failed.message,
          retryable: !refused,
          project: split.project,
        });
        return split.user;
      } finally {
        setSending(false);
      }
    },
    [answers, noteSaved],
  );

  /** A queued registration the server refused: back to USER, the answers kept, its message shown. */
  const fixRefused = useCallback((message: string | undefined) => {
    dispatch({ type: 'reopen' });
    setConfirmed(null);
    setFailure({
      message: message ?? 'Le serveur a refusé cette inscription.',
      retryable: false,
      project: null,
    });
    setMoves((n) => n + 1);
  }, []);

  return {
    fixRefused,
    step: step as BuyerStepNumber,
    answers,
    resumed,
    storage,
    sending,
    failure,
    confirmed,
    moves,
    answer,
    chooseDepartments,
    next,
    previous,
    goTo,
    restart,
    submit,
  };
}

export type BuyerWizardState = ReturnType<typeof useBuyerWizard>;
