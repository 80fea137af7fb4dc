import { useEffect, useId, useState } from 'react';
import { cityValue } from '../../../domain/arrondissements';
import {
  BuyerStep,
  buyerProjectSchema,
  type BuyerProject,
} from '../../../domain/buyer-signup.schema';
import { loadCities } from '../../../lib/geography';
import {
  canGoNext,
  CriteriaStep,
  STEP_TITLE_ID,
  StepTitleLevel,
  stepOfField,
  type BuyerAnswers,
} from '../../buyer-signup/criteria';

/** The wizard's steps that make the search, in the wizard's order, and their short names. */
export const criteriaSteps = [
  [BuyerStep.DEPARTMENT, 'Départements'],
  [BuyerStep.CITY, 'Villes'],
  [BuyerStep.BIEN_TYPE, 'Types de bien'],
  [BuyerStep.ACHAT_TYPE, 'Types d’achat'],
  [BuyerStep.SURFACE, 'Surface'],
  [BuyerStep.ROOM_COUNT, 'Pièces'],
  [BuyerStep.BEDROOM_COUNT, 'Chambres'],
  [BuyerStep.VISIT_COUNT, 'Visites déjà faites'],
  [BuyerStep.DESC, 'Description'],
  [BuyerStep.BUDGET, 'Budget'],
  [BuyerStep.APPORT, 'Apport'],
  [BuyerStep.WITH_BANK, 'Banquier ou courtier'],
] as const;

type Checked = { ok: true; criteria: BuyerProject } | { ok: false; step: number; message: string };

/**
 * The edited answers checked with the wizard's own schema (buyerProjectSchema, the one the
 * server checks): the criteria to send, or the first step to fix and why.
 */
export function checkCriteria(answers: BuyerAnswers): Checked {
  const parsed = buyerProjectSchema.safeParse(answers);
  if (parsed.success) return { ok: true, criteria: parsed.data };
  const issue = parsed.error.issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : '';
  return {
    ok: false,
    step: stepOfField[field] ?? BuyerStep.DEPARTMENT,
    message: issue?.message ?? 'Vérifiez vos réponses.',
  };
}

/**
 * « Modifier mes critères »: the buyer wizard's own question steps (the same screens, the same
 * schemas), one at a time in a panel, with a list to go straight to one. Suivant moves on;
 * the last one, or « Enregistrer mes critères » at any step, checks the whole search and sends
 * it (`onSave`). The signup's picture, progress and account step are not part of it.
 */
export function CriteriaEditor({
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: {
  initial: BuyerProject;
  busy: boolean;
  /** The server's refusal, said in the panel. */
  error: string | null;
  onSave: (criteria: BuyerProject) => void;
  onCancel: () => void;
}) {
  const [answers, setAnswers] = useState<BuyerAnswers>(initial);
  const [index, setIndex] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const jumpId = useId();
  const [step] = criteriaSteps[index] ?? criteriaSteps[0];

  // Focus goes to each step's title, as in the wizard, from the panel's opening on.
  useEffect(() => {
    document.getElementById(STEP_TITLE_ID)?.focus();
  }, [index]);

  const answer = (changes: BuyerAnswers) => {
    setProblem(null);
    setAnswers((a) => ({ ...a, ...changes }));
  };
  const chooseDepartments = (department: NonNullable<BuyerAnswers['department']>) => {
    answer({ department });
    // As in the wizard: the cities outside the chosen departments go once their list is known.
    void loadCities(department).then(
      (list) => {
        const offered = new Set(list.map(cityValue));
        setAnswers((a) => {
          const kept = (a.cities ?? []).filter((c) => offered.has(c));
          return kept.length === (a.cities ?? []).length ? a : { ...a, cities: kept };
        });
      },
      () => undefined,
    );
  };
  const goTo = (i: number) => {
    setProblem(null);
    setIndex(Math.min(Math.max(i, 0), criteriaSteps.length - 1));
  };
  const save = () => {
    const checked = checkCriteria(answers);
    if (!checked.ok) {
      const at = criteriaSteps.findIndex(([s]) => s === checked.step);
      if (at >= 0) goTo(at);
      setProblem(checked.message);
      return;
    }
    onSave(checked.criteria);
  };
  const last = index === criteriaSteps.length - 1;
  const said = problem ?? error;

  return (
    <div className="mt-6 rounded-box border border-primary/40 bg-base-100 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-base-300 pb-4">
        <div>
          <label htmlFor={jumpId} className="block text-sm font-medium">
            Aller à la question
          </label>
          <select
            id={jumpId}
            className="select select-sm mt-1 w-full sm:w-64"
            value={index}
            onChange={(e) => goTo(Number(e.target.value))}
          >
            {criteriaSteps.map(([s, label], i) => (
              <option key={s} value={i}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-base-content/75">
          Question {index + 1} sur {criteriaSteps.length}
        </p>
      </div>
      <div className="mt-4" data-testid="criteria-step">
        <StepTitleLevel.Provider value="h3">
          <CriteriaStep
            step={step}
            answers={answers}
            answer={answer}
            chooseDepartments={chooseDepartments}
            nav={{
              canNext: canGoNext(step, answers),
              onNext: () => (last ? save() : goTo(index + 1)),
              onPrevious: () => (index === 0 ? onCancel() : goTo(index - 1)),
            }}
          />
        </StepTitleLevel.Provider>
      </div>
      {said ? (
        <p role="alert" className="alert alert-error alert-soft mt-4">
          {said}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          Annuler
        </button>
        <button type="button" className="btn btn-primary" onClick={save} disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Enregistrer mes critères
        </button>
      </div>
    </div>
  );
}
