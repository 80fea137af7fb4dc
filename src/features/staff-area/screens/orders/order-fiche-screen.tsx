import { FetchError } from 'ofetch';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  orderInvoicePath,
  staffOrderPath,
  WITHDRAWAL_DAYS,
  type StaffOrderUpdate,
  type StaffOrderView,
  slotPeriodLabels,
} from '../../../../domain/api/orders';
import {
  DEFAULT_APPOINTMENT_MINUTES,
  STAFF_ORDER_DECORATORS_PATH,
  type OrderDecorator,
} from '../../../../domain/api/staff-orders';
import { formatEuro } from '../../../../domain/format';
import { formatLongDate } from '../../../../domain/dates';
import { formatParisDateTime, isoToParisLocal } from '../../../../domain/paris-time';
import { formatPhone, telHref } from '../../../../domain/phone';
import { offlineSince } from '../../../../db/use-cached-api';
import { api, toApiFailure } from '../../../../lib/api';
import { downloadWithToken } from '../../../../lib/download-file';
import { BusyButton } from '../../../../ui/busy-button';
import { ErrorAlert } from '../../../../ui/error-alert';
import { FactList } from '../../../../ui/fact-list';
import { Field } from '../../../../ui/form/field';
import { LoadGate } from '../../../../ui/load-gate';
import { durationLabel, VISIT_DURATIONS } from '../../components/planned-visits-form';
import { FicheCard } from '../../components/fiche';
import { StaffFrame } from '../../components/staff-frame';
import { useStaffApi } from '../../staff-api';
import { FulfilmentBadge, OrderStatusBadge } from './order-badges';
import { staffOrdersPaths } from './order-paths';

const DURATIONS = [...new Set([...VISIT_DURATIONS, DEFAULT_APPOINTMENT_MINUTES, 240])].sort(
  (a, b) => a - b,
);

type Patch = Omit<StaffOrderUpdate, 'version'>;
type Outcome = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

/**
 * An order's fiche (issue 32): what was ordered, where, when the client can, who they are and how
 * they paid; the team gives it a decorator, fixes the appointment (the client is mailed it with
 * an .ics), marks it done, downloads the invoice. The server checks everything again (the
 * withdrawal period, the version): its French refusal is shown and nothing typed is lost.
 */
export function OrderFicheScreen({ id }: { id: string }) {
  const [load, reload] = useStaffApi<StaffOrderView>(staffOrderPath(id));
  const title =
    load.status === 'ready' ? (load.data.number ?? 'Commande non payée') : 'Fiche commande';
  return (
    <StaffFrame
      title={title}
      lead={
        <Link href={staffOrdersPaths.orders} className="link">
          ← Toutes les commandes
        </Link>
      }
      updatedAt={offlineSince(load)}
    >
      <LoadGate load={load} loading="Chargement de la commande…">
        {(order) => <OrderFiche order={order} reload={reload} />}
      </LoadGate>
    </StaffFrame>
  );
}

function OrderFiche({ order: loaded, reload }: { order: StaffOrderView; reload: () => void }) {
  // The fiche as the last answer gave it: a change's answer is newer than the kept read until
  // the read comes back (versions are ISO instants, in order as strings).
  const [answered, setAnswered] = useState<StaffOrderView | null>(null);
  const order = answered && answered.version > loaded.version ? answered : loaded;
  async function change(patch: Patch): Promise<Outcome> {
    try {
      setAnswered(
        await api<StaffOrderView>(staffOrderPath(order.id), {
          method: 'PATCH',
          body: { version: order.version, ...patch },
        }),
      );
      reload();
      return { ok: true };
    } catch (error) {
      const failure = toApiFailure(error);
      // A stale fiche (409): the answer carries it as it is now; what was typed stays.
      const current =
        error instanceof FetchError && error.response?.status === 409
          ? (error.data as { current?: StaffOrderView } | undefined)?.current
          : undefined;
      if (current) setAnswered(current);
      return { ok: false, message: failure.message, fields: failure.fieldErrors };
    }
  }
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const paidAt = order.paidAt;
  const address = order.address;
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <div className="space-y-6">
        <FicheCard id="order-title" title="Commande">
          <p className="mt-3 flex flex-wrap gap-2">
            <OrderStatusBadge status={order.status} />
            <FulfilmentBadge fulfilment={order.fulfilment} />
          </p>
          <ul className="mt-4 divide-y divide-base-300">
            {order.lines.map((line) => (
              <li
                key={`${line.productId}-${line.name}`}
                className="flex justify-between gap-4 py-2"
              >
                <span>
                  {line.name} <span className="text-base-content/75">({line.packname})</span> ×{' '}
                  {line.quantity}
                </span>
                <span className="whitespace-nowrap">{formatEuro(line.amount / 100)}</span>
              </li>
            ))}
            <li className="flex justify-between gap-4 py-2 font-semibold">
              <span>Total TTC</span>
              <span className="whitespace-nowrap">{formatEuro(order.totalCents / 100)}</span>
            </li>
          </ul>
          <FactList
            rows={[
              ['Commandée le', formatParisDateTime(order.createdAt)],
              ['Payée le', paidAt ? formatParisDateTime(paidAt) : 'Non payée'],
              ['Référence du paiement', order.paymentReference ?? '—'],
              [
                'CGV acceptées',
                order.cgvVersion && order.cgvAcceptedAt
                  ? `Version du ${formatLongDate(order.cgvVersion)}, le ${formatParisDateTime(order.cgvAcceptedAt)}`
                  : '—',
              ],
            ]}
          />
          {order.hasInvoice ? (
            <div className="mt-4">
              <BusyButton
                className="btn btn-outline btn-primary"
                run={async () => {
                  setDownloadError(null);
                  try {
                    await downloadWithToken(
                      orderInvoicePath(order.id),
                      `facture-${order.number ?? order.id}.pdf`,
                    );
                  } catch (error) {
                    setDownloadError(toApiFailure(error).message);
                  }
                }}
              >
                Télécharger la facture
              </BusyButton>
              <ErrorAlert message={downloadError} className="mt-3" />
            </div>
          ) : null}
        </FicheCard>

        <FicheCard id="visit-title" title="Intervention">
          <FactList
            rows={[
              [
                'Adresse du bien',
                address ? `${address.street}, ${address.postcode} ${address.city}` : '—',
              ],
              ['Surface', order.surfaceM2 ? `${order.surfaceM2}\u00a0m²` : '—'],
              [
                'Créneaux souhaités',
                order.slots.length
                  ? order.slots
                      .map((s) => `${formatLongDate(s.date)}, ${slotPeriodLabels[s.period]}`)
                      .join(' · ')
                  : '—',
              ],
              [
                'Démarrage avant 14\u00a0jours',
                order.expressStartAt
                  ? `Oui, demandé le ${formatParisDateTime(order.expressStartAt)}\u00a0: le rendez-vous peut avoir lieu dès maintenant.`
                  : order.withdrawalEndsAt
                    ? `Non\u00a0: pas de rendez-vous avant la fin du délai de rétractation de ${WITHDRAWAL_DAYS}\u00a0jours, le ${formatParisDateTime(order.withdrawalEndsAt)}.`
                    : 'Non',
              ],
              [
                'Rendez-vous',
                order.appointment
                  ? formatParisDateTime(order.appointment.start)
                  : 'Pas encore fixé',
              ],
            ]}
          />
        </FicheCard>

        {order.status === 'paid' ? <FollowUp order={order} change={change} /> : null}
      </div>

      <aside className="space-y-6">
        <FicheCard id="client-title" title="Client" small>
          <ul className="mt-3 space-y-2">
            <li className="font-medium">{order.client.name ?? 'Sans compte'}</li>
            {order.client.phone ? (
              <li>
                <a href={telHref(order.client.phone)} className="link link-primary">
                  {formatPhone(order.client.phone)}
                </a>
              </li>
            ) : null}
            {order.client.email ? (
              <li className="break-all">
                <a href={`mailto:${order.client.email}`} className="link link-primary">
                  {order.client.email}
                </a>
              </li>
            ) : null}
          </ul>
        </FicheCard>
      </aside>
    </div>
  );
}

function FollowUp({
  order,
  change,
}: {
  order: StaffOrderView;
  change: (patch: Patch) => Promise<Outcome>;
}) {
  const [decorators] = useStaffApi<OrderDecorator[]>(STAFF_ORDER_DECORATORS_PATH);
  const [decoratorId, setDecoratorId] = useState(order.decorator?.id ?? '');
  const [start, setStart] = useState(
    order.appointment ? isoToParisLocal(order.appointment.start) : '',
  );
  const [duration, setDuration] = useState(
    order.appointment
      ? Math.round(
          (Date.parse(order.appointment.end) - Date.parse(order.appointment.start)) / 60_000,
        )
      : DEFAULT_APPOINTMENT_MINUTES,
  );
  const [decoratorError, setDecoratorError] = useState<string | null>(null);
  const [appointmentError, setAppointmentError] = useState<Outcome | null>(null);
  const [doneError, setDoneError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const options = decorators.status === 'ready' ? decorators.data : [];
  const startError =
    appointmentError && !appointmentError.ok ? appointmentError.fields.start : undefined;
  return (
    <FicheCard id="follow-up-title" title="Suivi">
      <p role="status" className="alert alert-success alert-soft mt-3 empty:hidden">
        {saved}
      </p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          setDecoratorError(null);
          setSaved(null);
          const outcome = await change({ decoratorId: decoratorId || null });
          if (outcome.ok) setSaved('Décoratrice enregistrée.');
          else setDecoratorError(outcome.message);
        }}
      >
        <Field label="Décoratrice" className="min-w-56 grow" error={decoratorError ?? undefined}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className={`select w-full ${invalid ? 'select-error' : ''}`}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              value={decoratorId}
              onChange={(e) => setDecoratorId(e.target.value)}
            >
              <option value="">Aucune pour le moment</option>
              {order.decorator && !options.some((d) => d.id === order.decorator?.id) ? (
                <option value={order.decorator.id}>{order.decorator.name}</option>
              ) : null}
              {options.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="btn btn-outline btn-primary">
          Attribuer
        </button>
      </form>

      <form
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto]"
        onSubmit={async (event) => {
          event.preventDefault();
          setAppointmentError(null);
          setSaved(null);
          if (!start) {
            setAppointmentError({
              ok: false,
              message: 'Indiquez la date et l’heure du rendez-vous.',
              fields: { start: 'Indiquez la date et l’heure du rendez-vous.' },
            });
            return;
          }
          const outcome = await change({ appointment: { start, durationMinutes: duration } });
          if (outcome.ok) setSaved('Rendez-vous fixé\u00a0: le client le reçoit par e-mail.');
          else setAppointmentError(outcome);
        }}
      >
        <Field label="Date et heure du rendez-vous" hint="Heure de Paris." error={startError}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="datetime-local"
              className={`input w-full ${invalid ? 'input-error' : ''}`}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          )}
        </Field>
        <Field label="Durée">
          {({ id }) => (
            <select
              id={id}
              className="select w-full"
              value={duration}
              onChange={(e) => setDuration(Number(e.target.value))}
            >
              {DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {durationLabel(minutes)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {appointmentError && !appointmentError.ok && !startError ? (
          <ErrorAlert message={appointmentError.message} className="sm:col-span-2" />
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary">
            Fixer le rendez-vous
          </button>
        </div>
      </form>

      {order.fulfilment === 'planifiee' ? (
        <div className="mt-6 border-t border-base-300 pt-4">
          <BusyButton
            className="btn btn-success btn-outline"
            run={async () => {
              setDoneError(null);
              const outcome = await change({ fulfilment: 'realisee' });
              if (outcome.ok) setSaved('Prestation marquée comme réalisée.');
              else setDoneError(outcome.message);
            }}
          >
            Marquer comme réalisée
          </BusyButton>
          <ErrorAlert message={doneError} className="mt-3" />
        </div>
      ) : null}
    </FicheCard>
  );
}
