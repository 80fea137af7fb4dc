import { cityValue } from '../../../domain/arrondissements';
import { cityOptionName } from '../../../domain/city-search';
import { departmentLabel } from '../../../domain/departments';
import { climateClass, energyClass } from '../../../domain/energy-label';
import { KEPT_DEPARTMENTS } from '../../../domain/geography';
import {
  VisitStep,
  propertyStates,
  recommendations,
  visitStepSchemas,
} from '../../../domain/visit-report.schema';
import { useCities } from '../../../lib/use-geography';
import { CameraIcon, DocumentIcon, ShieldIcon } from '../../../ui/icons';
import {
  LongFormSteps,
  OptionCards,
  yesNoOptions,
  type LongFormConfirmationContent,
  type LongFormCourse,
  type LongFormIntroContent,
  type LongFormProps,
} from '../../long-form';
import { reportPhases, type ReportAnswers } from '../report-flow';
import { useReportForm, type ReportForm } from '../use-report-form';
import { EnergyClassBadge } from './energy-labels';
import { PhotosStep } from './photos-step';
import {
  Field,
  NumberField,
  REPORT_TITLE_ID,
  ReportStep,
  TextAreaField,
  useShownErrors,
} from './report-fields';

/** Screens the hunter goes through, the intro and the confirmation left out. */
const STEP_COUNT = VisitStep.VERDICT - VisitStep.START;

const course: LongFormCourse = {
  task: 'le compte rendu',
  restartIdPrefix: 'compte-rendu-recommencer',
  phases: reportPhases,
};

const ratings = [
  { value: 1, label: '1 – Sans intérêt' },
  { value: 2, label: '2 – Décevant' },
  { value: 3, label: '3 – Correct' },
  { value: 4, label: '4 – Bien' },
  { value: 5, label: '5 – Coup de cœur' },
] as const;

/** The first message of `step`'s schema about `field`, for the answers so far. */
function problemOf(step: keyof typeof visitStepSchemas, answers: ReportAnswers, field: string) {
  const parsed = visitStepSchemas[step].safeParse(answers);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
}

function intro(buyerName: string): LongFormIntroContent {
  return {
    titleId: REPORT_TITLE_ID,
    eyebrow: 'Compte rendu de visite',
    title: buyerName ? `Pour ${buyerName}` : 'Nouveau compte rendu',
    lead: 'Une question par écran, pensé pour le téléphone pendant la visite. Chaque réponse est gardée sur cet appareil à mesure que vous l’écrivez.',
    benefits: [
      {
        icon: <DocumentIcon />,
        title: 'Sans réseau',
        text: 'Rédigez et envoyez même sans connexion\u00a0: le compte rendu partira tout seul au retour du réseau.',
      },
      {
        icon: <CameraIcon />,
        title: 'Avec les photos',
        text: 'Jusqu’à 12 photos, réduites sur l’appareil et sans leur position GPS.',
      },
      {
        icon: <ShieldIcon />,
        title: 'Visible quand tout est arrivé',
        text: 'Le client le voit, s’il est à proposer, une fois le compte rendu et toutes ses photos reçus.',
      },
    ],
    duration: 'Une question par écran, photos comprises',
  };
}

const confirmation: LongFormConfirmationContent = {
  sent: 'compte rendu',
  masculine: true,
  arrivedTitle: 'Le compte rendu est arrivé',
  next: ({ arrived, refused }) =>
    refused ? null : (
      <p className="mt-4 text-base-content/75">
        {arrived
          ? 'S’il est à proposer, le client le voit dans son espace dès que toutes les photos sont arrivées, et vous recevrez sa réponse par e-mail.'
          : 'Vous pouvez fermer cette page\u00a0: le compte rendu et ses photos partiront dès que le réseau le permettra.'}
      </p>
    ),
};

function AddressStep({ form }: { form: ReportForm }) {
  const { answers, answer, nav } = form;
  const { shown, touch, showAll } = useShownErrors();
  const cities = useCities(answers.department);
  const error = (field: string) => shown(field, problemOf(VisitStep.ADDRESS, answers, field));
  return (
    <ReportStep
      step={1}
      count={STEP_COUNT}
      title={'Où est le bien visité\u202f?'}
      nav={nav}
      onBlocked={showAll}
    >
      <Field label="Adresse (numéro et rue)" error={error('address')}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className={`input input-lg w-full ${invalid ? 'input-error' : ''}`}
            value={answers.address ?? ''}
            autoComplete="off"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onBlur={() => touch('address')}
            onChange={(e) => answer({ address: e.target.value })}
          />
        )}
      </Field>
      <Field label="Département" error={error('department')}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            className={`select select-lg w-full ${invalid ? 'select-error' : ''}`}
            value={answers.department ?? ''}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onBlur={() => touch('department')}
            onChange={(e) =>
              answer({
                department: e.target.value as ReportAnswers['department'],
                city: undefined,
              })
            }
          >
            <option value="" disabled>
              Choisissez…
            </option>
            {KEPT_DEPARTMENTS.map((code) => (
              <option key={code} value={code}>
                {departmentLabel(code)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Ville"
        error={error('city') ?? (cities.status === 'error' ? cities.message : undefined)}
      >
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            className={`select select-lg w-full ${invalid ? 'select-error' : ''}`}
            value={answers.city ?? ''}
            disabled={!answers.department || cities.status !== 'ready'}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onBlur={() => touch('city')}
            onChange={(e) => answer({ city: e.target.value })}
          >
            <option value="" disabled>
              {!answers.department
                ? 'Choisissez d’abord le département'
                : cities.status === 'loading'
                  ? 'Chargement des villes…'
                  : 'Choisissez…'}
            </option>
            {cities.status === 'ready'
              ? cities.data.map((c) => (
                  <option key={c.code} value={cityValue(c)}>
                    {cityOptionName(c)}
                  </option>
                ))
              : null}
          </select>
        )}
      </Field>
      {cities.status === 'error' ? (
        <button type="button" className="btn btn-sm" onClick={cities.retry}>
          Réessayer
        </button>
      ) : null}
    </ReportStep>
  );
}

function WhenStep({ form }: { form: ReportForm }) {
  const { answers, answer, nav } = form;
  const { shown, touch, showAll } = useShownErrors();
  return (
    <ReportStep
      step={2}
      count={STEP_COUNT}
      title={'Quand avez-vous visité\u202f?'}
      nav={nav}
      onBlocked={showAll}
    >
      <Field
        label="Date et heure de la visite"
        error={shown('visitedAt', problemOf(VisitStep.WHEN, answers, 'visitedAt'))}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="datetime-local"
            className={`input input-lg w-full max-w-xs ${invalid ? 'input-error' : ''}`}
            value={answers.visitedAt ?? ''}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onBlur={() => touch('visitedAt')}
            onChange={(e) => answer({ visitedAt: e.target.value })}
          />
        )}
      </Field>
    </ReportStep>
  );
}

function PriceStep({ form }: { form: ReportForm }) {
  const { answers, answer, nav } = form;
  const { shown, touch, showAll } = useShownErrors();
  return (
    <ReportStep step={3} count={STEP_COUNT} title="Prix demandé" nav={nav} onBlocked={showAll}>
      <NumberField
        label="Prix affiché par le vendeur"
        unit="€"
        placeholder={'520\u202f000'}
        value={answers.askingPrice}
        error={shown('askingPrice', problemOf(VisitStep.PRICE, answers, 'askingPrice'))}
        onBlur={() => touch('askingPrice')}
        onChange={(askingPrice) => answer({ askingPrice })}
      />
    </ReportStep>
  );
}

function SurfaceStep({ form }: { form: ReportForm }) {
  const { answers, answer, nav } = form;
  const { shown, touch, showAll } = useShownErrors();
  const error = (field: string) => shown(field, problemOf(VisitStep.SURFACE, answers, field));
  return (
    <ReportStep step={4} count={STEP_COUNT} title="Surface et pièces" nav={nav} onBlocked={showAll}>
      <NumberField
        label="Surface habitable"
        hint="Loi Carrez pour un lot de copropriété."
        unit="m²"
        decimals
        value={answers.livingArea}
        error={error('livingArea')}
        onBlur={() => touch('livingArea')}
        onChange={(livingArea) => answer({ livingArea })}
      />
      <NumberField
        label="Nombre de pièces"
        hint="Séjour et chambres, sans la cuisine ni la salle de bains."
        value={answers.rooms}
        error={error('rooms')}
        onBlur={() => touch('rooms')}
        onChange={(rooms) => answer({ rooms })}
      />
    </ReportStep>
  );
}

function FloorStep({ form }: { form: ReportForm }) {
  const { answers, answer, nav } = form;
  const { shown, touch, showAll } = useShownErrors();
  const house = answers.floor === null;
  return (
    <ReportStep
      step={5}
      count={STEP_COUNT}
      title="Étage et ascenseur"
      nav={nav}
      onBlocked={showAll}
    >
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={house}
          onChange={(e) => answer({ floor: e.target.checked ? null : undefined })}
        />
        Maison ou bien sans étage
      </label>
      {house ? null : (
        <NumberField
          label="Étage"
          hint="0 pour le rez-de-chaussée."
          value={answers.floor}
          error={shown('floor', problemOf(VisitStep.FLOOR, answers, 'floor'))}
          onBlur={() => touch('floor')}
          onChange={(floor) => answer({ floor: floor ?? undefined })}
        />
      )}
      <fieldset>
        <legend className="font-medium">Ascenseur</legend>
        <div className="mt-2 grid max-w-xs grid-cols-2 gap-3">
          <OptionCards
            type="radio"
            name="lift"
            options={yesNoOptions}
            isChecked={(value) => answers.lift === value}
            onPick={(lift) => answer({ lift })}
            size="pair"
            filled
          />
        </div>
      </fieldset>
    </ReportStep>
  );
}

function EnergyStep({ form }: { form: ReportForm }) {
  const { answers, answer, nav } = form;
  const { shown, touch, showAll } = useShownErrors();
  const unknown = answers.energy === null && answers.emissions === null;
  const error = (field: string) => shown(field, problemOf(VisitStep.ENERGY, answers, field));
  const { energy, emissions } = answers;
  return (
    <ReportStep
      step={6}
      count={STEP_COUNT}
      title="Diagnostic de performance énergétique"
      hint={'Les deux valeurs du DPE du vendeur\u00a0: les classes en sont tirées (barème 2021).'}
      nav={nav}
      onBlocked={showAll}
    >
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={unknown}
          onChange={(e) =>
            answer(
              e.target.checked
                ? { energy: null, emissions: null }
                : { energy: undefined, emissions: undefined },
            )
          }
        />
        DPE non communiqué
      </label>
      {unknown ? null : (
        <>
          <NumberField
            label="Consommation d’énergie primaire"
            unit="kWh/m²/an"
            decimals
            value={energy}
            error={error('energy')}
            onBlur={() => touch('energy')}
            onChange={(value) => answer({ energy: value ?? undefined })}
          />
          <NumberField
            label="Émissions de gaz à effet de serre"
            unit="kg CO₂/m²/an"
            decimals
            value={emissions}
            error={error('emissions')}
            onBlur={() => touch('emissions')}
            onChange={(value) => answer({ emissions: value ?? undefined })}
          />
          {typeof energy === 'number' && typeof emissions === 'number' ? (
            <p className="flex flex-wrap items-center gap-x-4 gap-y-2" role="status">
              <span className="inline-flex items-center gap-2">
                <span aria-hidden="true">Classe énergie</span>
                <EnergyClassBadge klass={energyClass(energy, emissions)} kind="energie" />
              </span>
              <span className="inline-flex items-center gap-2">
                <span aria-hidden="true">Classe climat</span>
                <EnergyClassBadge klass={climateClass(emissions)} kind="climat" />
              </span>
            </p>
          ) : null}
        </>
      )}
    </ReportStep>
  );
}

function ChoiceStep<V extends string | number>({
  step,
  title,
  name,
  options,
  value,
  onPick,
  nav,
  tiles = false,
}: {
  step: number;
  title: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V | undefined;
  onPick: (value: V) => void;
  nav: ReportForm['nav'];
  tiles?: boolean;
}) {
  return (
    <ReportStep step={step} count={STEP_COUNT} title={title} nav={nav}>
      <fieldset>
        <legend className="sr-only">{title}</legend>
        <div className={tiles ? 'grid gap-3 sm:grid-cols-2' : 'grid gap-3'}>
          <OptionCards
            type="radio"
            name={name}
            options={options}
            isChecked={(v) => v === value}
            onPick={onPick}
          />
        </div>
      </fieldset>
    </ReportStep>
  );
}

function WorksStep({ form }: { form: ReportForm }) {
  const { answers, answer, nav } = form;
  const { shown, touch, showAll } = useShownErrors();
  const error = (field: string) => shown(field, problemOf(VisitStep.WORKS, answers, field));
  return (
    <ReportStep step={8} count={STEP_COUNT} title="Travaux à prévoir" nav={nav} onBlocked={showAll}>
      <TextAreaField
        label={'Quels travaux\u202f?'}
        hint="Laissez vide s’il n’y en a pas."
        value={answers.works}
        error={error('works')}
        onBlur={() => touch('works')}
        onChange={(works) => answer({ works })}
      />
      <NumberField
        label="Estimation des travaux"
        hint="Facultatif."
        unit="€"
        value={answers.worksEstimate}
        error={error('worksEstimate')}
        onBlur={() => touch('worksEstimate')}
        onChange={(worksEstimate) => answer({ worksEstimate })}
      />
    </ReportStep>
  );
}

function TextStep({
  form,
  step,
  field,
  title,
  label,
}: {
  form: ReportForm;
  step: number;
  field: 'strengths' | 'weaknesses';
  title: string;
  label: string;
}) {
  const { answers, answer, nav } = form;
  const { shown, touch } = useShownErrors();
  const schemaStep = field === 'strengths' ? VisitStep.STRENGTHS : VisitStep.WEAKNESSES;
  return (
    <ReportStep step={step} count={STEP_COUNT} title={title} nav={nav}>
      <TextAreaField
        label={label}
        value={answers[field]}
        rows={5}
        error={shown(field, problemOf(schemaStep, answers, field))}
        onBlur={() => touch(field)}
        onChange={(text) => answer({ [field]: text })}
      />
    </ReportStep>
  );
}

/** The verdict, the last question: « Envoyer le compte rendu » sends it with its photos. */
function VerdictStep({ form }: { form: ReportForm }) {
  const { answers, answer, nav, submit, sending, failure } = form;
  const { shown, touch, showAll } = useShownErrors();
  const error = (field: string) => shown(field, problemOf(VisitStep.VERDICT, answers, field));
  const send = () => {
    showAll();
    void submit({});
  };
  const fix = failure?.fix ?? null;
  return (
    <ReportStep
      step={STEP_COUNT}
      count={STEP_COUNT}
      title="Votre recommandation"
      hint={
        'Un bien «\u00a0à proposer\u00a0» sera montré au client avec ce compte rendu\u202f; un bien écarté reste dans son dossier, pour l’équipe.'
      }
      nav={{ ...nav, onNext: send, canNext: !sending }}
      onBlocked={showAll}
      nextLabel="Envoyer le compte rendu"
      busy={sending}
    >
      <fieldset>
        <legend className="font-medium">Ce bien est…</legend>
        <div className="mt-2 grid max-w-md grid-cols-2 gap-3">
          <OptionCards
            type="radio"
            name="recommendation"
            options={recommendations}
            isChecked={(v) => v === answers.recommendation}
            onPick={(recommendation) => answer({ recommendation })}
            size="pair"
            filled
          />
        </div>
        {error('recommendation') ? (
          <p className="mt-1 text-sm text-error">{error('recommendation')}</p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={'Pourquoi\u202f?'}
        hint="Le client lira ces lignes si le bien lui est proposé."
        value={answers.reason}
        error={error('reason')}
        onBlur={() => touch('reason')}
        onChange={(reason) => answer({ reason })}
      />
      {failure ? (
        <div role="alert" className="alert alert-error alert-soft">
          <p>{failure.message}</p>
          {fix ? (
            <button type="button" className="btn btn-sm" onClick={() => form.goTo(fix.step)}>
              Corriger
            </button>
          ) : null}
          {failure.retryable ? (
            <button type="button" className="btn btn-sm" onClick={send}>
              Réessayer
            </button>
          ) : null}
        </div>
      ) : null}
    </ReportStep>
  );
}

function CurrentStep({ form, reportRef }: { form: ReportForm; reportRef: string }) {
  const { step, answers, answer, nav } = form;
  switch (step) {
    case VisitStep.ADDRESS:
      return <AddressStep form={form} />;
    case VisitStep.WHEN:
      return <WhenStep form={form} />;
    case VisitStep.PRICE:
      return <PriceStep form={form} />;
    case VisitStep.SURFACE:
      return <SurfaceStep form={form} />;
    case VisitStep.FLOOR:
      return <FloorStep form={form} />;
    case VisitStep.ENERGY:
      return <EnergyStep form={form} />;
    case VisitStep.CONDITION:
      return (
        <ChoiceStep
          step={7}
          title="État du bien"
          name="condition"
          options={propertyStates}
          value={answers.condition}
          onPick={(condition) => answer({ condition })}
          nav={nav}
        />
      );
    case VisitStep.WORKS:
      return <WorksStep form={form} />;
    case VisitStep.RATING:
      return (
        <ChoiceStep
          step={9}
          title="Votre note"
          name="rating"
          options={ratings}
          value={answers.rating}
          onPick={(rating) => answer({ rating })}
          nav={nav}
        />
      );
    case VisitStep.STRENGTHS:
      return (
        <TextStep
          form={form}
          step={10}
          field="strengths"
          title="Points forts"
          label="Ce qui plaira au client (facultatif)"
        />
      );
    case VisitStep.WEAKNESSES:
      return (
        <TextStep
          form={form}
          step={11}
          field="weaknesses"
          title="Points faibles"
          label="Ce qu’il faut lui dire (facultatif)"
        />
      );
    case VisitStep.PHOTOS:
      return (
        <PhotosStep
          reportRef={reportRef}
          photos={answers.photos ?? []}
          onPhotos={(photos) => answer({ photos })}
          step={12}
          count={STEP_COUNT}
          nav={nav}
        />
      );
    case VisitStep.VERDICT:
      return <VerdictStep form={form} />;
  }
  return null;
}

/** The report's screens, loaded by its page (pages/report-page.tsx) once its draft is read. */
export default function ReportQuestions(
  props: LongFormProps & { reportRef: string; owner: string },
) {
  const form = useReportForm(props.reportRef, props.owner, props);
  return (
    <LongFormSteps
      form={form}
      intro={intro(form.answers.buyerName ?? '')}
      course={course}
      confirmation={confirmation}
    >
      <CurrentStep form={form} reportRef={props.reportRef} />
    </LongFormSteps>
  );
}
