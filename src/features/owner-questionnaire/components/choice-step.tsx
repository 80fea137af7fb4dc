import type { ReactNode } from 'react';
import type { OwnerStepNumber } from '../../../domain/owner-questionnaire.schema';
import type { ChoiceProps, StepNavigation } from '../../long-form';
import { OptionGroup } from './option-group';
import { Hint, QuestionForm, QuestionTitle, StepCounter, StepNav } from './question-layout';

/** A question answered by one choice among coded options: the group's legend is the title. */
export function ChoiceStep<V extends string | number>({
  step,
  hint,
  nav,
  ...group
}: ChoiceProps<V> & {
  step: OwnerStepNumber;
  layout?: 'list' | 'tiles';
  hint?: ReactNode;
  nav: StepNavigation;
}) {
  const hintId = hint ? `${group.name}-aide` : undefined;
  return (
    <QuestionForm onNext={nav.onNext} canNext={nav.canNext}>
      <StepCounter step={step} />
      <OptionGroup legend={<QuestionTitle step={step} />} {...group} describedBy={hintId}>
        {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      </OptionGroup>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </QuestionForm>
  );
}
