import { BuyerStep } from '../../../domain/buyer-signup.schema';
import { buyerPhases, buyerPictureAlts, buyerStepPicture } from '../steps';
import { useBuyerWizard, type BuyerWizardState } from '../use-buyer-wizard';
import { buyerIntro } from './frame';
import { LongFormSteps, type LongFormCourse, type LongFormProps } from '../../long-form';
import { UserStep } from './user-step';
import { CriteriaStep } from './criteria-steps';
import { buyerConfirmation } from './confirm-step';

/** The progress and the restart dialog of the signup. */
const course: LongFormCourse = {
  task: 'l’inscription',
  restartIdPrefix: 'inscription-recommencer',
  phases: buyerPhases,
};

function CurrentStep({ w }: { w: BuyerWizardState }) {
  if (w.step === BuyerStep.USER) return <UserStep form={w} />;
  return (
    <CriteriaStep
      step={w.step}
      answers={w.answers}
      answer={w.answer}
      chooseDepartments={w.chooseDepartments}
      nav={w.nav}
    />
  );
}

/** The wizard (spec 2.6), loaded by the page on start or when a draft is found. */
export default function BuyerWizard(props: LongFormProps & { partnerCode: string | undefined }) {
  const w = useBuyerWizard(props);
  return (
    <LongFormSteps
      form={w}
      intro={buyerIntro}
      picture={{ src: buyerStepPicture(w.step), alt: buyerPictureAlts[w.step] ?? '' }}
      course={course}
      confirmation={buyerConfirmation}
    >
      <CurrentStep w={w} />
    </LongFormSteps>
  );
}
