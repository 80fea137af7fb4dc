import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { DraftStorage } from '../../db/drafts.repo';

/**
 * What the two long forms share of their draft: each step change is saved (except CONFIRM: a
 * confirmed draft is cleared), each answer is dispatched then saved, and `storage` says how the
 * device took the last save ('full' and 'refused' show a notice; the form goes on in memory).
 */
export function useDraftPersistence<Answers>({
  step,
  openingStep,
  confirmStep,
  storageAtOpening,
  save,
  dispatch,
}: {
  step: number;
  /** The step the draft was saved at (or the first), so opening does not save it again. */
  openingStep: number;
  confirmStep: number;
  storageAtOpening: DraftStorage;
  save: (patch: { step?: number; answers?: Answers }) => Promise<DraftStorage>;
  dispatch: Dispatch<{ type: 'answer'; patch: Answers }>;
}) {
  const [storage, setStorage] = useState<DraftStorage>(storageAtOpening);
  const persistedStep = useRef<number>(openingStep);
  const noteSaved = useCallback((outcome: DraftStorage) => setStorage(outcome), []);

  useEffect(() => {
    if (step === persistedStep.current || step === confirmStep) return;
    persistedStep.current = step;
    void save({ step }).then(noteSaved);
  }, [step, confirmStep, save, noteSaved]);

  const answer = useCallback(
    (patch: Answers) => {
      dispatch({ type: 'answer', patch });
      void save({ answers: patch }).then(noteSaved);
    },
    [dispatch, save, noteSaved],
  );

  /** After a restart: the first step is where the (new) draft stands. */
  const restartedAt = useCallback((first: number) => {
    persistedStep.current = first;
  }, []);

  return { storage, noteSaved, answer, restartedAt };
}
