import type { ReactNode } from 'react';
import type { OwnerStepNumber } from '../../../domain/owner-questionnaire.schema';
import { stepTitles } from '../step-content';
import { OptionGroup, type Option } from './option-group';
import {
  Hint,
  QuestionForm,
  STEP_TITLE_ID,
  StepCounter,
  StepNav,
  titleClass,
} from './question-layout';

export interface StepNavigation {
  canNext: boolean;
  onNext: () => void;
  onPrevious: () => void;
}

/** A question answered by one choice among coded options: the group's legend is the title. */
export function ChoiceStep<V extends string | number>({
  step,
  name,
  options,
  value,
  onChange,
  layout,
  hint,
  nav,
}: {
  step: OwnerStepNumber;
  name: string;
  options: readonly Option<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  layout?: 'list' | 'tiles';
  hint?: ReactNode;
  nav: StepNavigation;
}) {
  const hintId = hint ? `${name}-aide` : undefined;
  return (
    <QuestionForm onNext={nav.onNext} canNext={nav.canNext}>
      <StepCounter step={step} />
      <OptionGroup
        name={name}
        legend={
          <h1 id={STEP_TITLE_ID} tabIndex={-1} className={titleClass}>
            {stepTitles[step]}
          </h1>
        }
        options={options}
        value={value}
        onChange={onChange}
        layout={layout}
        describedBy={hintId}
      >
        {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      </OptionGroup>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </QuestionForm>
  );
}
