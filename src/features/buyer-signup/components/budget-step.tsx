import { useRef, useState } from 'react';
import { BuyerStep, buyerStepSchemas, budgetMessages } from '../../../domain/buyer-signup.schema';
import { formatEuro } from '../../../domain/format';
import { BUDGET } from '../../../domain/project';
import type { StepNavigation } from '../../long-form';
import { StepForm, StepNav, StepTitle } from './controls';

const budgetSchema = buyerStepSchemas[BuyerStep.BUDGET];
const ERROR_ID = 'inscription-budget-erreur';

/**
 * BUDGET (spec 2.6, 5): a number input, step 1000, from 20 000 to 10 000 000 €. Suivant waits for
 * a budget in that range; why a figure is refused is said next to the field once the person has
 * left it or tried to go on (at once above the maximum: more digits cannot mend it), and the
 * answer kept is the figure read, never a figure the browser could not read.
 */
export function BudgetStep({
  budget,
  onChange,
  nav,
}: {
  budget: number | undefined;
  onChange: (budget: number | undefined) => void;
  nav: StepNavigation;
}) {
  const input = useRef<HTMLInputElement>(null);
  /** Left the field, or tried to go on: a refusal is said from then on. */
  const [checked, setChecked] = useState(false);
  /** What was typed is not a number the browser can read ('45 a'): the answer is then empty. */
  const [unreadable, setUnreadable] = useState(false);
  const parsed = budgetSchema.safeParse({ budget });
  const problem = unreadable
    ? budgetMessages.unreadable
    : parsed.success
      ? null
      : (parsed.error.issues[0]?.message ?? null);
  const shown = problem && (checked || (budget ?? 0) > BUDGET.max) ? problem : null;
  return (
    <StepForm
      onNext={nav.onNext}
      canNext={nav.canNext}
      onBlocked={() => {
        setChecked(true);
        input.current?.focus();
      }}
    >
      <StepTitle step={BuyerStep.BUDGET}>Quel est votre budget&nbsp;?</StepTitle>
      <label htmlFor="inscription-budget" className="mt-3 block text-base-content/70">
        Votre budget total en euros, entre {formatEuro(BUDGET.min)} et {formatEuro(BUDGET.max)}.
      </label>
      <input
        ref={input}
        id="inscription-budget"
        type="number"
        inputMode="numeric"
        className={`input mt-4 w-full sm:w-64 ${shown ? 'input-error' : ''}`}
        step={BUDGET.step}
        min={BUDGET.min}
        max={BUDGET.max}
        placeholder={BUDGET.placeholder}
        value={budget ?? ''}
        aria-invalid={!!shown}
        aria-describedby={shown ? ERROR_ID : undefined}
        onBlur={() => setChecked(true)}
        onChange={(e) => {
          const value = e.target.valueAsNumber;
          setUnreadable(e.target.validity.badInput);
          onChange(Number.isNaN(value) ? undefined : value);
        }}
      />
      {shown ? (
        <p id={ERROR_ID} role="alert" className="mt-2 text-sm text-error">
          {shown}
        </p>
      ) : !problem && budget !== undefined ? (
        <p className="mt-2 text-sm text-base-content/70">Soit {formatEuro(budget)}.</p>
      ) : null}
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </StepForm>
  );
}
