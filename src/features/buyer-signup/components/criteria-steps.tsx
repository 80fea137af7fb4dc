import { BuyerStep } from '../../../domain/buyer-signup.schema';
import { apportBands, personCounts, purchaseTypes } from '../../../domain/project';
import {
  bedroomCounts,
  bienTypes,
  purposeOptions,
  roomCounts,
  surfaceBands,
  visitCounts,
} from '../../../domain/property';
import { yesNoOptions, type StepNavigation } from '../../long-form';
import type { BuyerAnswers } from '../buyer-flow';
import { BudgetStep } from './budget-step';
import { CheckList, RadioGroup, StepForm, StepNav, StepTitle, type Option } from './controls';
import { CityStep, DepartmentStep } from './geography-steps';

/** Radio steps: title and options (spec 2.6). */
const radioSteps = {
  [BuyerStep.PERSON_COUNT]: {
    field: 'personCount',
    title: 'Combien de personnes sont concernées par ce projet\u202f?',
    options: personCounts,
    columns: 'grid-cols-2 sm:grid-cols-4',
  },
  [BuyerStep.SEARCH_GOAL]: {
    field: 'searchGoal',
    title: 'Quel est l’objectif de votre recherche\u202f?',
    options: purposeOptions,
    columns: 'sm:grid-cols-2',
  },
  [BuyerStep.SURFACE]: {
    field: 'surface',
    title: 'Quelle surface recherchez-vous\u202f?',
    options: surfaceBands,
    columns: 'sm:grid-cols-2',
  },
  [BuyerStep.ROOM_COUNT]: {
    field: 'roomCount',
    title: 'Combien de pièces\u202f?',
    options: roomCounts,
    columns: 'grid-cols-2 sm:grid-cols-3',
  },
  [BuyerStep.BEDROOM_COUNT]: {
    field: 'bedroomCount',
    title: 'Combien de chambres\u202f?',
    options: bedroomCounts,
    columns: 'grid-cols-3 sm:grid-cols-5',
  },
  [BuyerStep.VISIT_COUNT]: {
    field: 'visitCount',
    title: 'Combien de biens avez-vous déjà visités\u202f?',
    options: visitCounts,
    columns: 'grid-cols-3',
  },
  [BuyerStep.APPORT]: {
    field: 'apport',
    title: 'Quel est le montant de votre apport\u202f?',
    options: apportBands,
    columns: 'grid-cols-1',
  },
  [BuyerStep.WITH_BANK]: {
    field: 'withBank',
    title: 'Avez-vous déjà consulté un banquier ou un courtier pour valider votre budget\u202f?',
    options: yesNoOptions,
    columns: 'grid-cols-2',
  },
} as const satisfies Record<
  number,
  {
    field: keyof BuyerAnswers;
    title: string;
    options: readonly Option<string | number | boolean>[];
    columns: string;
  }
>;

const checkSteps = {
  [BuyerStep.BIEN_TYPE]: {
    field: 'typeBien',
    title: 'Quel type de bien recherchez-vous\u202f?',
    options: bienTypes,
  },
  [BuyerStep.ACHAT_TYPE]: {
    field: 'typeAchat',
    title: 'Quel type d’achat envisagez-vous\u202f?',
    options: purchaseTypes,
  },
} as const;

/** What a criteria step is given: the answers, how to change them, the navigation. */
export interface CriteriaStepProps {
  step: number;
  answers: BuyerAnswers;
  answer: (changes: BuyerAnswers) => void;
  /** Departments chosen: the cities outside them are dropped once the list is known. */
  chooseDepartments: (codes: NonNullable<BuyerAnswers['department']>) => void;
  nav: StepNavigation;
}

/**
 * The wizard's question steps from PERSON_COUNT to WITH_BANK (spec 2.6): the signup shows them
 * one after the other, the client area's criteria editor shows the search's ones again. Null
 * for any other step.
 */
export function CriteriaStep({ step, answers, answer, chooseDepartments, nav }: CriteriaStepProps) {
  const frenchSpace = (t: string) => t.replace('\u202f?', '\u00a0?');

  if (step in radioSteps) {
    const s = radioSteps[step as keyof typeof radioSteps];
    const options = s.options as readonly Option<string | number | boolean>[];
    return (
      <StepForm onNext={nav.onNext} canNext={nav.canNext}>
        <RadioGroup
          name={s.field}
          legend={<StepTitle step={step}>{frenchSpace(s.title)}</StepTitle>}
          options={options}
          value={answers[s.field] as string | number | boolean | undefined}
          onChange={(value) => answer({ [s.field]: value } as BuyerAnswers)}
          columns={s.columns}
        />
        <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
      </StepForm>
    );
  }
  if (step in checkSteps) {
    const s = checkSteps[step as keyof typeof checkSteps];
    return (
      <StepForm onNext={nav.onNext} canNext={nav.canNext}>
        <fieldset className="min-w-0">
          <legend className="w-full p-0">
            <StepTitle step={step}>{frenchSpace(s.title)}</StepTitle>
          </legend>
          <p className="mt-3 text-base-content/70">Plusieurs réponses possibles.</p>
          <div className="mt-6">
            <CheckList
              name={s.field}
              options={s.options as readonly Option<number>[]}
              value={(answers[s.field] as number[] | undefined) ?? []}
              onChange={(value) => answer({ [s.field]: value } as BuyerAnswers)}
            />
          </div>
        </fieldset>
        <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
      </StepForm>
    );
  }
  switch (step) {
    case BuyerStep.DEPARTMENT:
      return (
        <DepartmentStep
          value={answers.department ?? []}
          onChange={(codes) => chooseDepartments(codes as NonNullable<BuyerAnswers['department']>)}
          nav={nav}
        />
      );
    case BuyerStep.CITY:
      return (
        <CityStep
          departments={answers.department ?? []}
          value={answers.cities ?? []}
          onChange={(cities) => answer({ cities })}
          nav={nav}
        />
      );
    case BuyerStep.DESC:
      return (
        <StepForm onNext={nav.onNext} canNext={nav.canNext}>
          <StepTitle step={step}>Décrivez votre projet</StepTitle>
          <label htmlFor="inscription-description" className="mt-3 block text-base-content/70">
            Ce qui compte pour vous (quartier, extérieur, étage…). Facultatif.
          </label>
          <textarea
            id="inscription-description"
            className="textarea mt-4 h-40 w-full"
            maxLength={2000}
            value={answers.description ?? ''}
            onChange={(e) => answer({ description: e.target.value })}
          />
          <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
        </StepForm>
      );
    case BuyerStep.BUDGET:
      return (
        <BudgetStep budget={answers.budget} onChange={(budget) => answer({ budget })} nav={nav} />
      );
  }
  return null;
}
