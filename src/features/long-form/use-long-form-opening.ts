import { useCallback, useEffect, useState } from 'react';
import type { DraftStorage } from '../../db/drafts.repo';
import type { DraftReading, FlowDraft } from './draft';

export type DraftRead =
  | { status: 'reading' }
  | {
      status: 'read';
      draft: FlowDraft | null;
      storage: DraftStorage;
      /** The form was sent from another device (issue 33): this device's draft is gone. */
      sentElsewhere?: boolean;
    };

const LOAD_FAILED =
  'Les questions n’ont pas pu être chargées. Vérifiez votre connexion puis réessayez.';

/**
 * How a long form's page opens (both flows): its prerendered HTML is the intro, which needs
 * neither IndexedDB nor the questions' code. The draft is read after mount; the questions are
 * loaded when the person starts (`open(true)`), or at once when a draft past the intro is found
 * (the flow then reopens at its step).
 */
export function useLongFormOpening<View>({
  readDraft,
  loadQuestions,
  startStep,
}: {
  readDraft: () => Promise<DraftReading>;
  loadQuestions: () => Promise<{ default: View }>;
  startStep: number;
}) {
  const [read, setRead] = useState<DraftRead>({ status: 'reading' });
  const [questions, setQuestions] = useState<{ view: View; begin: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const open = useCallback(
    (begin: boolean) => {
      setLoading(true);
      setLoadError(null);
      loadQuestions().then(
        (module) => setQuestions({ view: module.default, begin }),
        () => {
          setLoading(false);
          setLoadError(LOAD_FAILED);
        },
      );
    },
    [loadQuestions],
  );

  useEffect(() => {
    let current = true;
    void readDraft().then((draft) => {
      if (!current) return;
      if (draft === 'sent') {
        setRead({ status: 'read', draft: null, storage: 'ok', sentElsewhere: true });
        return;
      }
      const found = typeof draft === 'string' ? null : draft;
      setRead({ status: 'read', draft: found, storage: typeof draft === 'string' ? draft : 'ok' });
      if (found && found.step > startStep) open(false);
    });
    return () => {
      current = false;
    };
  }, [open, readDraft, startStep]);

  return { read, questions, loading, loadError, open };
}
