import { useRef, useState } from 'react';
import {
  OwnerStep,
  ownerDocumentFlags,
  priceMessages,
  ownerDocumentLabels,
  ownerStepSchemas,
  type OwnerDocumentFlag,
} from '../../../domain/owner-questionnaire.schema';
import { formatEuro } from '../../../domain/format';
import { stepTitles } from '../step-content';
import type { OwnerAnswers } from '../questionnaire-flow';
import { yesNoOptions, type StepNavigation } from '../../long-form';
import { OptionGroup } from './option-group';
import {
  FieldMessage,
  Hint,
  QuestionForm,
  STEP_TITLE_ID,
  StepCounter,
  StepNav,
  QuestionTitle,
  titleClass,
} from './question-layout';

/** WITH_DOC: six yes/no questions, each 'Non' until answered 'Oui' (spec 2.5). */
export function DocumentsStep({
  answers,
  onChange,
  nav,
}: {
  answers: OwnerAnswers;
  onChange: (patch: Partial<Record<OwnerDocumentFlag, boolean>>) => void;
  nav: StepNavigation;
}) {
  return (
    <QuestionForm onNext={nav.onNext} canNext={nav.canNext}>
      <StepCounter step={OwnerStep.WITH_DOC} />
      <QuestionTitle step={OwnerStep.WITH_DOC} />
      <Hint>
        Ces documents seront demandés par le notaire. Les avoir déjà rassemblés accélère la vente.
      </Hint>
      <ul className="mt-6 divide-y divide-base-300 rounded-box border border-base-300">
        {ownerDocumentFlags.map((flag) => (
          <li key={flag} className="px-4 py-3">
            <OptionGroup
              name={flag}
              legend={<span className="font-medium">{ownerDocumentLabels[flag]}</span>}
              options={yesNoOptions}
              value={answers[flag] ?? false}
              onChange={(value) => onChange({ [flag]: value })}
              layout="pair"
              className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
              legendClassName="float-left p-0"
            />
          </li>
        ))}
      </ul>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </QuestionForm>
  );
}

const priceSchema = ownerStepSchemas[OwnerStep.PRICE];

/**
 * PRICE: a number input, step 1, placeholder '500 000€' (spec 2.5, in French typography). Empty is allowed: it asks
 * for the free valuation (price null). Next is not gated here (spec 5): it stays enabled, but a
 * wrong figure is said next to the field at once, and Next on it keeps the step and leads back
 * to the field instead of taking the figure along (or, unreadable, a free valuation) silently.
 */
export function PriceStep({
  price,
  onChange,
  nav,
}: {
  price: number | null | undefined;
  onChange: (price: number | null) => void;
  nav: StepNavigation;
}) {
  const input = useRef<HTMLInputElement>(null);
  /** What was typed is not a number the browser can read ('12 a', '1e'). */
  const [unreadable, setUnreadable] = useState(false);
  const parsed = priceSchema.safeParse({ price: price ?? null });
  const problem = unreadable
    ? priceMessages.unreadable
    : parsed.success
      ? null
      : (parsed.error.issues[0]?.message ?? null);
  const onNext = () => {
    if (problem) input.current?.focus();
    else nav.onNext();
  };
  return (
    <QuestionForm onNext={onNext} canNext={nav.canNext}>
      <StepCounter step={OwnerStep.PRICE} />
      <h1 id={STEP_TITLE_ID} tabIndex={-1} className={titleClass}>
        <label htmlFor="owner-price">{stepTitles[OwnerStep.PRICE]}</label>
      </h1>
      <Hint id="owner-price-aide">Laissez vide si vous souhaitez une estimation gratuite.</Hint>
      <div className="mt-6 max-w-sm">
        <div className={`input input-lg w-full ${problem ? 'input-error' : ''}`}>
          <input
            ref={input}
            id="owner-price"
            // No spin buttons: nobody sets a price one euro at a time.
            className="[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            type="number"
            step={1}
            min={1}
            inputMode="numeric"
            placeholder={'500\u202f000\u00a0€'}
            value={price ?? ''}
            aria-invalid={!!problem}
            aria-describedby={`owner-price-aide${problem ? ' owner-price-erreur' : ''}`}
            onChange={(e) => {
              const value = e.target.valueAsNumber;
              setUnreadable(e.target.validity.badInput);
              onChange(Number.isNaN(value) ? null : value);
            }}
          />
          <span className="text-base-content/70" aria-hidden="true">
            €
          </span>
        </div>
        <FieldMessage id="owner-price-erreur" message={problem} />
        {!problem && typeof price === 'number' ? (
          <p className="mt-2 text-sm text-base-content/70">Soit {formatEuro(price)}.</p>
        ) : null}
      </div>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </QuestionForm>
  );
}

const DESCRIPTION_MAX = 2000;
const descriptionSchema = ownerStepSchemas[OwnerStep.DESC];

/** DESC: optional, 4 rows (spec 2.5, 9); markup refused like on the server. */
export function DescriptionStep({
  description,
  onChange,
  nav,
}: {
  description: string | undefined;
  onChange: (description: string) => void;
  nav: StepNavigation;
}) {
  const text = description ?? '';
  const parsed = descriptionSchema.safeParse({ description: text });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  return (
    <QuestionForm onNext={nav.onNext} canNext={nav.canNext}>
      <StepCounter step={OwnerStep.DESC} />
      <h1 id={STEP_TITLE_ID} tabIndex={-1} className={titleClass}>
        <label htmlFor="owner-description">{stepTitles[OwnerStep.DESC]}</label>
      </h1>
      <Hint id="owner-description-aide">
        Facultatif. Étage, extérieur, travaux récents, date de disponibilité, contraintes de
        calendrier&nbsp;: tout ce qui aidera votre chasseur à préparer votre échange.
      </Hint>
      <textarea
        id="owner-description"
        rows={4}
        maxLength={DESCRIPTION_MAX}
        className={`textarea mt-6 w-full text-base ${problem ? 'textarea-error' : ''}`}
        value={text}
        aria-invalid={!!problem}
        aria-describedby={`owner-description-aide owner-description-compte${problem ? ' owner-description-erreur' : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="flex justify-between gap-4">
        <FieldMessage id="owner-description-erreur" message={problem} />
        <p id="owner-description-compte" className="ml-auto mt-1.5 text-xs text-base-content/70">
          {text.length} / {DESCRIPTION_MAX}
        </p>
      </div>
      <StepNav canNext={nav.canNext} onPrevious={nav.onPrevious} />
    </QuestionForm>
  );
}
