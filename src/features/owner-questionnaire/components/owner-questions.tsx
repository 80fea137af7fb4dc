import { useEffect } from 'react';
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
import { ownerPhases, type OwnerAnswers } from '../questionnaire-flow';
import { stepPictureAlts } from '../step-content';
import { useOwnerQuestionnaire, type OwnerQuestionnaire } from '../use-owner-questionnaire';
import { ChoiceStep } from './choice-step';
import type { Option } from './option-group';
import { ownerConfirmation } from './confirm-step';
import { ContactStep } from './contact-step';
import { DescriptionStep, DocumentsStep, PriceStep } from './detail-steps';
import { CityStep, DepartmentStep } from './geography-steps';
import { LongFormSteps, type LongFormCourse, type LongFormProps } from '../../long-form';
import { ownerIntro } from './start-step';
import { prefetchGeography } from '../../../lib/use-geography';

/** The first two conditions (spec 2.5). */
const statusOptions = selfLabelled(['Ancien', 'Neuf'] as const);

/** The progress and the restart dialog of the questionnaire. */
const course: LongFormCourse = {
  task: 'le questionnaire',
  restartIdPrefix: 'recommencer',
  phases: ownerPhases,
};

/** A question answered by one choice: the answer's field, the options, their layout, a hint. */
interface ChoiceQuestion {
  field: keyof OwnerAnswers;
  options: readonly Option<string | number>[];
  layout?: 'list' | 'tiles';
  hint?: string;
}

const choiceSteps = {
  [OwnerStep.PROPERTY_TYPE]: { field: 'propertyType', options: purposeOptions },
  [OwnerStep.PROPERTY_COUNT]: {
    field: 'bienCount',
    options: propertyCountOptions,
    layout: 'tiles',
    hint: 'Si vous vendez plusieurs biens, décrivez d’abord le principal\u00a0: nous parlerons des autres ensemble.',
  },
  [OwnerStep.BIEN_TYPE]: { field: 'typeBien', options: bienTypes },
  [OwnerStep.STATUS]: {
    field: 'status',
    options: statusOptions,
    hint: 'Un bien achevé depuis moins de cinq ans est considéré comme neuf.',
  },
  [OwnerStep.SURFACE]: {
    field: 'surface',
    options: surfaceBands,
    hint: 'La surface habitable (loi Carrez pour un lot de copropriété).',
  },
  [OwnerStep.ROOM_COUNT]: {
    field: 'roomCount',
    options: roomCounts,
    layout: 'tiles',
    hint: 'Les pièces principales\u00a0: séjour et chambres, sans la cuisine ni la salle de bains.',
  },
  [OwnerStep.BEDROOM_COUNT]: { field: 'bedroomCount', options: bedroomCounts, layout: 'tiles' },
  [OwnerStep.VISIT_COUNT]: {
    field: 'visitCount',
    options: visitCounts,
    layout: 'tiles',
    hint: 'Les visites déjà faites avec des acheteurs, seul ou avec une agence.',
  },
} as const satisfies Record<number, ChoiceQuestion>;

/** The question of the current step. */
function CurrentStep({ q }: { q: OwnerQuestionnaire }) {
  const { step, answers, answer, nav } = q;
  if (step in choiceSteps) {
    const { field, ...choice }: ChoiceQuestion = choiceSteps[step as keyof typeof choiceSteps];
    return (
      <ChoiceStep
        step={step}
        name={field}
        {...choice}
        value={answers[field] as string | number | undefined}
        onChange={(value) => answer({ [field]: value } as OwnerAnswers)}
        nav={nav}
      />
    );
  }
  switch (step) {
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
  }
  return null;
}

/**
 * The questions (spec 2.5), loaded by the page once the person starts or a draft is found: the
 * progress, the current step in its frame, the restart action and the notices.
 */
export default function OwnerQuestions(props: LongFormProps) {
  const q = useOwnerQuestionnaire(props);
  // Spec 4.3: on initialisation the departments load, then the cities of every kept department
  // (kept on the device, so an owner who loses signal further on still gets both lists).
  useEffect(() => prefetchGeography(), []);
  return (
    <LongFormSteps
      form={q}
      intro={ownerIntro}
      picture={{ src: ownerStepPicture(q.step), alt: stepPictureAlts[q.step] }}
      course={course}
      confirmation={ownerConfirmation}
    >
      <CurrentStep q={q} />
    </LongFormSteps>
  );
}
