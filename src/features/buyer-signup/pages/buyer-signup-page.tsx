import type { ComponentType } from 'react';
import type { DraftStorage } from '../../long-form';
import { useParams } from 'wouter';
import { START_STEP, buyerPictureAlts, buyerStepPicture } from '../steps';
import { StartStep, WizardFrame } from '../components/frame';
import { loadBuyerWizard } from '../load-wizard';
import { readBuyerDraft, type BuyerDraft } from '../buyer-draft.repo';
import { useLongFormOpening } from '../../long-form';

type Wizard = ComponentType<{
  draft: BuyerDraft | null;
  begin: boolean;
  storage: DraftStorage;
  partnerCode: string | undefined;
}>;

/**
 * /signup and /signup/{code} (spec 2.6, issue 5): the intro, then the questions
 * (useLongFormOpening says when).
 */
export default function BuyerSignupPage() {
  const { code } = useParams<{ code?: string }>();
  const {
    read,
    questions: wizard,
    loading,
    loadError,
    open,
  } = useLongFormOpening<Wizard>({
    readDraft: readBuyerDraft,
    loadQuestions: loadBuyerWizard,
    startStep: START_STEP,
  });

  if (wizard && read.status === 'read') {
    const View = wizard.view;
    return (
      <View draft={read.draft} begin={wizard.begin} storage={read.storage} partnerCode={code} />
    );
  }
  return (
    <WizardFrame
      busy={read.status === 'reading' || loading}
      picture={{
        src: buyerStepPicture(START_STEP),
        alt: buyerPictureAlts[START_STEP] ?? '',
        priority: true,
      }}
    >
      <StartStep
        ready={read.status === 'read'}
        loading={loading}
        error={loadError}
        onStart={() => open(true)}
        onIntent={() => void loadBuyerWizard().catch(() => undefined)}
      />
    </WizardFrame>
  );
}
