import { useEffect, type ComponentType } from 'react';
import type { DraftStorage } from '../../long-form';
import { QuestionnaireFrame } from '../components/questionnaire-frame';
import { START_PICTURE_ALT, StartStep } from '../components/start-step';
import { loadOwnerQuestions } from '../load-questions';
import { readOwnerDraft, type OwnerDraft } from '../owner-draft.repo';
import { START_STEP, ownerStepPicture } from '../owner-steps';
import { prefetchGeography } from '../use-geography';
import { useLongFormOpening } from '../../long-form';

type Questions = ComponentType<{
  draft: OwnerDraft | null;
  begin: boolean;
  storage: DraftStorage;
}>;

/**
 * The owner questionnaire (spec 2.5, issue 4) at /questions-proprietaire: the intro, then the
 * questions (useLongFormOpening says when).
 */
export default function OwnerQuestionnairePage() {
  const { read, questions, loading, loadError, open } = useLongFormOpening<Questions>({
    readDraft: readOwnerDraft,
    loadQuestions: loadOwnerQuestions,
    startStep: START_STEP,
  });
  // Spec 4.3: the geography lists load on opening (and stay on the device for later).
  useEffect(() => prefetchGeography(), []);

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
