import { LongFormPage, readDraftOnDevice } from '../../long-form';
import { START_PICTURE_ALT, ownerIntro } from './start-step';
import { loadOwnerQuestions } from '../load-questions';
import { START_STEP, ownerStepPicture } from '../owner-steps';

const NO_EXTRA = {};
/** The draft, read with IndexedDB's library only on a device that has the app's database. */
const readOwnerDraft = readDraftOnDevice(() =>
  import('../owner-draft.repo').then((m) => m.ownerDraft),
);

/**
 * The owner questionnaire (spec 2.5, issue 4) at /questions-proprietaire: the intro, then the
 * questions. The geography lists load with the questions (owner-questions.tsx), not with the intro:
 * fetching, sorting and storing some 1,300 communes cost the page's first seconds a few hundred ms
 * of main thread at 4× CPU (issue 27) for a person who has not started yet.
 */
export function OwnerQuestionnaire() {
  return (
    <LongFormPage
      readDraft={readOwnerDraft}
      loadQuestions={loadOwnerQuestions}
      startStep={START_STEP}
      picture={{ src: ownerStepPicture(START_STEP), alt: START_PICTURE_ALT }}
      intro={ownerIntro}
      extra={NO_EXTRA}
    />
  );
}
