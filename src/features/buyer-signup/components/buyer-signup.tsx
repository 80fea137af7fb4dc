import { useMemo } from 'react';
import { useParams } from 'wouter';
import { LongFormPage, readDraftOnDevice } from '../../long-form';
import { buyerIntro } from './frame';
import { loadBuyerWizard } from '../load-wizard';
import { START_STEP, buyerPictureAlts, buyerStepPicture } from '../steps';

/** The draft, read with IndexedDB's library only on a device that has the app's database. */
const readBuyerDraft = readDraftOnDevice(() =>
  import('../buyer-draft.repo').then((m) => m.buyerDraft),
);

/** /signup and /signup/{code} (spec 2.6, issue 5): the intro, then the questions. */
export function BuyerSignup() {
  const { code } = useParams<{ code?: string }>();
  const extra = useMemo(() => ({ partnerCode: code }), [code]);
  return (
    <LongFormPage
      readDraft={readBuyerDraft}
      loadQuestions={loadBuyerWizard}
      startStep={START_STEP}
      picture={{ src: buyerStepPicture(START_STEP), alt: buyerPictureAlts[START_STEP] ?? '' }}
      intro={buyerIntro}
      extra={extra}
    />
  );
}
