import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { DraftStorage } from '../../../db/drafts.repo';
import { QuestionnaireFrame } from '../components/questionnaire-frame';
import { START_PICTURE_ALT, StartStep } from '../components/start-step';
import { loadOwnerQuestions } from '../load-questions';
import { readOwnerDraft, type OwnerDraft } from '../owner-draft.repo';
import { START_STEP, ownerStepPicture } from '../owner-steps';
import { prefetchGeography } from '../use-geography';

type Questions = ComponentType<{
  draft: OwnerDraft | null;
  begin: boolean;
  storage: DraftStorage;
}>;

type DraftRead =
  { status: 'reading' } | { status: 'read'; draft: OwnerDraft | null; storage: DraftStorage };

/**
 * The owner questionnaire (spec 2.5, issue 4) at /questions-proprietaire. The prerendered HTML
 * is the intro (START), which needs neither IndexedDB nor the questions' code: the draft is read
 * after mount, and the questions are loaded when the person starts, or at once when a draft past
 * the intro is found (the page then opens at its step).
 */
export default function OwnerQuestionnairePage() {
  const [read, setRead] = useState<DraftRead>({ status: 'reading' });
  const [questions, setQuestions] = useState<{ view: Questions; begin: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const open = useCallback((begin: boolean) => {
    setLoading(true);
    setLoadError(null);
    loadOwnerQuestions().then(
      (module) => setQuestions({ view: module.default, begin }),
      () => {
        setLoading(false);
        setLoadError(
          'Les questions n’ont pas pu être chargées. Vérifiez votre connexion puis réessayez.',
        );
      },
    );
  }, []);

  useEffect(() => {
    let current = true;
    void readOwnerDraft().then((draft) => {
      if (!current) return;
      const found = typeof draft === 'string' ? null : draft;
      setRead({ status: 'read', draft: found, storage: typeof draft === 'string' ? draft : 'ok' });
      if (found && found.step > START_STEP) open(false);
    });
    // Spec 4.3: the geography lists load on opening (and stay on the device for later).
    prefetchGeography();
    return () => {
      current = false;
    };
  }, [open]);

  if (questions && read.status === 'read') {
    const Questions = questions.view;
    return <Questions draft={read.draft} begin={questions.begin} storage={read.storage} />;
  }
  return (
    <QuestionnaireFrame
      busy={read.status === 'reading' || loading}
      picture={{ src: ownerStepPicture(START_STEP), alt: START_PICTURE_ALT, priority: true }}
    >
      <StartStep
        ready={read.status === 'read'}
        loading={loading}
        error={loadError}
        onStart={() => open(true)}
        onIntent={() => void loadOwnerQuestions().catch(() => undefined)}
      />
    </QuestionnaireFrame>
  );
}
