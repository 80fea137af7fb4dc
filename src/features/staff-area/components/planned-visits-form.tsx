import { useId } from 'react';
import { cityValue } from '../../../domain/arrondissements';
import { cityOptionName } from '../../../domain/city-search';
import { departmentLabel, departmentNames } from '../../../domain/departments';
import {
  plannedVisitSchema,
  staffBuyerVisitsPath,
  type PlannedVisitView,
} from '../../../domain/api/visits';
import { VISIT_TEXT_MAX } from '../../../domain/visit-report.schema';
import { api } from '../../../lib/api';
import { useCities } from '../../../lib/use-geography';
import { notify } from '../../../lib/toast';
import { Field } from '../../../ui/form/field';
import { SubmitButton } from '../../../ui/form/submit-button';
import { useSchemaForm } from '../../../ui/form/schema-form';
import { formatParisDateTime } from '../../../domain/paris-time';

/** The lengths a visit is planned for, in minutes, and the one unless told (the contract's). */
export const VISIT_DURATIONS = [30, 45, 60, 90, 120, 180] as const;
const DEFAULT_DURATION = 45;

/**
 * « Planifier une visite »: the address, the department and the city (from the kept
 * geography), the day and time (Paris), how long, whether the client comes, a note the client
 * reads. Checked with the contract's schema, then by the server: each refusal is said under its
 * field, and what was typed stays. Planned, the buyer is e-mailed (with the calendar file).
 */
export function PlanVisitForm({
  buyerId,
  onPlanned,
  onClose,
}: {
  buyerId: string;
  onPlanned: (visit: PlannedVisitView) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const { register, submit, formState, watch, setValue, failure } = useSchemaForm(
    plannedVisitSchema,
    {
      defaultValues: {
        address: '',
        city: '',
        startsAt: '',
        duration: DEFAULT_DURATION,
        withClient: false,
        note: '',
      },
    },
  );
  const errors = formState.errors;
  const department = watch('department') ?? '';
  // The geography kept on the device (the long forms' lists), readable offline once loaded.
  const cities = useCities(department || undefined);

  const send = submit(
    async (values) => {
      const visit = await api<PlannedVisitView>(staffBuyerVisitsPath(buyerId), {
        method: 'POST',
        body: values,
      });
      notify.success(`Visite planifiée le ${formatParisDateTime(visit.startsAt)}.`);
      onPlanned(visit);
    },
    { focus: true },
  );

  return (
    <form
      className="mt-4 rounded-box border border-primary/40 bg-base-100 p-4"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void send(event)}
    >
      <h3 id={titleId} className="text-lg font-semibold">
        Nouvelle visite
      </h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field
          compact
          label="Adresse du bien"
          error={errors.address?.message}
          className="sm:col-span-2"
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="text"
              className={`input w-full ${invalid ? 'input-error' : ''}`}
              autoComplete="off"
              placeholder="12, rue de la Roquette"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register('address')}
            />
          )}
        </Field>
        <Field compact label="Département" error={errors.department?.message}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className={`select w-full ${invalid ? 'select-error' : ''}`}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              defaultValue=""
              {...register('department', {
                // Another department's city would be refused: chosen again.
                onChange: () => setValue('city', ''),
              })}
            >
              <option value="" disabled>
                Choisissez…
              </option>
              {Object.keys(departmentNames).map((code) => (
                <option key={code} value={code}>
                  {departmentLabel(code)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          compact
          label="Ville"
          error={errors.city?.message}
          hint={
            !department
              ? 'Choisissez d’abord le département.'
              : cities.status === 'loading'
                ? 'Chargement des villes…'
                : undefined
          }
        >
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className={`select w-full ${invalid ? 'select-error' : ''}`}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              disabled={!department || cities.status !== 'ready'}
              {...register('city')}
            >
              <option value="">Choisissez…</option>
              {cities.status === 'ready'
                ? cities.data.map((city) => (
                    <option key={city.code} value={cityValue(city)}>
                      {cityOptionName(city)}
                    </option>
                  ))
                : null}
            </select>
          )}
        </Field>
        {department && cities.status === 'error' ? (
          <div role="alert" className="alert alert-warning alert-soft sm:col-span-2">
            <span>{cities.message}</span>
            <button type="button" className="btn btn-sm" onClick={cities.retry}>
              Réessayer
            </button>
          </div>
        ) : null}
        <Field
          compact
          label="Date et heure"
          hint="Heure de Paris."
          error={errors.startsAt?.message}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="datetime-local"
              className={`input w-full ${invalid ? 'input-error' : ''}`}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register('startsAt')}
            />
          )}
        </Field>
        <Field compact label="Durée" error={errors.duration?.message}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className={`select w-full ${invalid ? 'select-error' : ''}`}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              defaultValue={DEFAULT_DURATION}
              {...register('duration', { setValueAs: (value: string | number) => Number(value) })}
            >
              {VISIT_DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {durationLabel(minutes)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <label className="flex items-center gap-3">
            <input
              type="checkbox"
              className="checkbox checkbox-primary"
              {...register('withClient')}
            />
            Le client vient à la visite
          </label>
          {errors.withClient?.message ? (
            <p className="mt-1 text-sm text-error">{errors.withClient.message}</p>
          ) : null}
        </div>
        <Field
          compact
          label="Note (facultative)"
          hint="Le client la lit dans son espace et dans le fichier d’agenda."
          error={errors.note?.message}
          className="sm:col-span-2"
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className={`textarea w-full ${invalid ? 'textarea-error' : ''}`}
              rows={2}
              maxLength={VISIT_TEXT_MAX}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...register('note')}
            />
          )}
        </Field>
      </div>
      {failure ? (
        <p role="alert" className="alert alert-error alert-soft mt-4">
          {failure}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Fermer
        </button>
        <SubmitButton loading={formState.isSubmitting}>Planifier la visite</SubmitButton>
      </div>
    </form>
  );
}

/** « 45 minutes », « 1 heure », « 1 heure 30 »: a duration as the choices say it. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}\u00a0minutes`;
  const h = `${hours}\u00a0heure${hours > 1 ? 's' : ''}`;
  return rest === 0 ? h : `${h} ${rest}`;
}
