import { OwnerStep } from '../../../domain/owner-questionnaire.schema';
import {
  bedroomCounts,
  bienTypes,
  propertyCountOptions,
  purposeOptions,
  roomCounts,
  selfLabelled,
  surfaceBands,
  visitCounts,
} from '../../../domain/property';
import { ownerStepPicture } from '../owner-steps';
import { ownerPhases } from '../questionnaire-flow';
import { stepPictureAlts } from '../step-content';
import { useOwnerQuestionnaire, type OwnerQuestionnaire } from '../use-owner-questionnaire';
import { ChoiceStep } from './choice-step';
import { ConfirmStep } from './confirm-step';
import { ContactStep } from './contact-step';
import { DescriptionStep, DocumentsStep, PriceStep } from './detail-steps';
import { CityStep, DepartmentStep } from './geography-steps';
import { LongFormSteps, type LongFormProps } from '../../long-form';
import { ownerIntro } from './start-step';

/** The first two conditions (spec 2.5). */
const statusOptions = selfLabelled(['Ancien', 'Neuf'] as const);

/** The question of the current step. */
function CurrentStep({ q }: { q: OwnerQuestionnaire }) {
  const { step, answers, answer, nav } = q;
  switch (step) {
    case OwnerStep.PROPERTY_TYPE:
      return (
        <ChoiceStep
          step={step}
          name="propertyType"
          options={purposeOptions}
          value={answers.propertyType}
          onChange={(propertyType) => answer({ propertyType })}
          nav={nav}
        />
      );
    case OwnerStep.PROPERTY_COUNT:
      return (
        <ChoiceStep
          step={step}
          name="bienCount"
          options={propertyCountOptions}
          value={answers.bienCount}
          onChange={(bienCount) => answer({ bienCount })}
          layout="tiles"
          hint="Si vous vendez plusieurs biens, décrivez d’abord le principal&nbsp;: nous parlerons des autres ensemble."
          nav={nav}
        />
      );
    case OwnerStep.DEPARTMENT:
      return <DepartmentStep value={answers.department} onChange={q.chooseDepartment} nav={nav} />;
    case OwnerStep.CITY:
      return (
        <CityStep
          department={answers.department}
          value={answers.city}
          onChange={(city) => answer({ city })}
          nav={nav}
        />
      );
    case OwnerStep.BIEN_TYPE:
      return (
        <ChoiceStep
          step={step}
          name="typeBien"
          options={bienTypes}
          value={answers.typeBien}
          onChange={(typeBien) => answer({ typeBien })}
          nav={nav}
        />
      );
    case OwnerStep.STATUS:
      return (
        <ChoiceStep
          step={step}
          name="status"
          options={statusOptions}
          value={answers.status}
          onChange={(status) => answer({ status })}
          hint="Un bien achevé depuis moins de cinq ans est considéré comme neuf."
          nav={nav}
        />
      );
    case OwnerStep.SURFACE:
      return (
        <ChoiceStep
          step={step}
          name="surface"
          options={surfaceBands}
          value={answers.surface}
          onChange={(surface) => answer({ surface })}
          hint="La surface habitable (loi Carrez pour un lot de copropriété)."
          nav={nav}
        />
      );
    case OwnerStep.ROOM_COUNT:
      return (
        <ChoiceStep
          step={step}
          name="roomCount"
          options={roomCounts}
          value={answers.roomCount}
          onChange={(roomCount) => answer({ roomCount })}
          layout="tiles"
          hint="Les pièces principales&nbsp;: séjour et chambres, sans la cuisine ni la salle de bains."
          nav={nav}
        />
      );
    case OwnerStep.BEDROOM_COUNT:
      return (
        <ChoiceStep
          step={step}
          name="bedroomCount"
          options={bedroomCounts}
          value={answers.bedroomCount}
          onChange={(bedroomCount) => answer({ bedroomCount })}
          layout="tiles"
          nav={nav}
        />
      );
    case OwnerStep.VISIT_COUNT:
      return (
        <ChoiceStep
          step={step}
          name="visitCount"
          options={visitCounts}
          value={answers.visitCount}
          onChange={(visitCount) => answer({ visitCount })}
          layout="tiles"
          hint="Les visites déjà faites avec des acheteurs, seul ou avec une agence."
          nav={nav}
        />
      );
    case OwnerStep.PRICE:
      return <PriceStep price={answers.price} onChange={(price) => answer({ price })} nav={nav} />;
    case OwnerStep.WITH_DOC:
      return <DocumentsStep answers={answers} onChange={answer} nav={nav} />;
    case OwnerStep.DESC:
      return (
        <DescriptionStep
          description={answers.description}
          onChange={(description) => answer({ description })}
          nav={nav}
        />
      );
    case OwnerStep.CONTACT:
      return <ContactStep form={q} />;
    case OwnerStep.CONFIRM:
      return <ConfirmStep form={q} />;
  }
}

/**
 * The questions (spec 2.5), loaded by the page once the person starts or a draft is found: the
 * progress, the current step in its frame, the restart action and the notices.
 */
export default function OwnerQuestions(props: LongFormProps) {
  const q = useOwnerQuestionnaire(props);
  return (
    <LongFormSteps
      form={q}
      intro={ownerIntro}
      picture={{ src: ownerStepPicture(q.step), alt: stepPictureAlts[q.step] }}
      phases={ownerPhases}
      restartIdPrefix="recommencer"
      task="le questionnaire"
    >
      <CurrentStep q={q} />
    </LongFormSteps>
  );
}
