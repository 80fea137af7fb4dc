import { useEffect } from 'react';
import { LongFormPage } from '../../long-form';
import { START_PICTURE_ALT, ownerIntro } from './start-step';
import { loadOwnerQuestions } from '../load-questions';
import { readOwnerDraft } from '../owner-draft.repo';
import { START_STEP, ownerStepPicture } from '../owner-steps';
import { prefetchGeography } from '../../../lib/use-geography';

const NO_EXTRA = {};

/** The owner questionnaire (spec 2.5, issue 4) at /questions-proprietaire: the intro, then the questions. */
export function OwnerQuestionnaire() {
  // Spec 4.3: the geography lists load on opening (and stay on the device for later).
  useEffect(() => prefetchGeography(), []);
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
