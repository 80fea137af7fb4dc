import { useState } from 'react';
import { Link } from 'wouter';
import {
  myOrderCancelPath,
  myOrderResumePath,
  orderInvoicePath,
  orderStatusLabels,
  slotPeriodLabels,
  type OrderStatus,
  type OrderView,
  type PreferredSlot,
} from '../../../domain/api/orders';
import { isMeasuredProduct } from '../../../domain/basket';
import { formatEuro } from '../../../domain/format';
import { formatLongDate } from '../../../domain/dates';
import { formatParisDateTime } from '../../../domain/paris-time';
import { useCachedApi } from '../../../db/use-cached-api';
import { api, toApiFailure } from '../../../lib/api';
import { downloadWithToken } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';
import { closeConfirm, ConfirmButton } from '../../../ui/confirm-dialog';
import { LoadGate } from '../../../ui/load-gate';
import { useSession } from '../../auth';

const statusTones: Record<OrderStatus, string> = {
  paid: 'badge-success',
  pending: 'badge-warning',
  expired: 'badge-ghost',
  cancelled: 'badge-ghost',
  refunded: 'badge-info',
};

const euros = (cents: number) => formatEuro(cents / 100);

/**
 * « mardi 1er décembre 2026, matin (9 h – 12 h) »: a preferred slot as the client chose it, its
 * hours on one line (a line may break after a dash, no-break space or not).
 */
function SlotText({ slot }: { slot: PreferredSlot }) {
  const day = formatParisDateTime(`${slot.date}T12:00:00Z`).replace(/ à .*$/, '');
  const [period = '', hours = ''] = slotPeriodLabels[slot.period].toLowerCase().split(' (');
  return (
    <>
      {day}, {period} <span className="whitespace-nowrap">({hours}</span>
    </>
  );
}

function orderTitle(order: OrderView): string {
  return order.number
    ? `Commande ${order.number}`
    : `Commande du ${formatLongDate(order.createdAt)}`;
}

/** « Reprendre le paiement » and « Annuler » of a pending order that can still be paid. */
function PendingActions({ order, reload }: { order: OrderView; reload: () => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const title = orderTitle(order);
  const confirmId = `annuler-${order.id}`;
  const resume = async () => {
    setBusy(true);
    try {
      const { url } = await api<{ url: string }>(myOrderResumePath(order.id), { method: 'POST' });
      window.location.assign(url);
    } catch (error) {
      notify.error(toApiFailure(error).message);
      setBusy(false);
      reload();
    }
  };
  const cancel = async () => {
    try {
      await api(myOrderCancelPath(order.id), { method: 'POST' });
      closeConfirm(confirmId);
      notify.success('La commande est annulée\u00a0: rien ne vous a été débité.');
      reload();
    } catch (error) {
      setRefusal(toApiFailure(error).message);
    }
  };
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void resume()}
      >
        Reprendre le paiement<span className="sr-only"> de la {title.toLowerCase()}</span>
      </button>
      <ConfirmButton
        id={confirmId}
        label={
          <>
            Annuler<span className="sr-only"> la {title.toLowerCase()}</span>
          </>
        }
        className="btn btn-outline btn-sm"
        onOpen={() => setRefusal('')}
        title={<>Annuler la {title.toLowerCase()}&#8239;?</>}
        text={`Rien ne vous a été débité\u00a0: la commande de ${euros(order.totalCents)} est abandonnée et ne pourra plus être payée. Votre panier, lui, n’est pas modifié.`}
        refusal={refusal}
        action={
          <button type="button" className="btn btn-error" onClick={() => void cancel()}>
            Annuler la commande
          </button>
        }
      />
    </div>
  );
}

function OrderCard({ order, reload }: { order: OrderView; reload: () => void }) {
  const title = orderTitle(order);
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{title}</h4>
        <span className={`badge ${statusTones[order.status]}`}>
          {orderStatusLabels[order.status]}
        </span>
      </div>
      <p className="mt-1 text-sm text-base-content/75">
        {order.paidAt
          ? `Payée le ${formatLongDate(order.paidAt)}`
          : `Passée le ${formatLongDate(order.createdAt)}`}
        {order.canPay && order.expiresAt
          ? ` — à payer avant le ${formatParisDateTime(order.expiresAt)}`
          : ''}
      </p>
      <ul className="mt-3 space-y-1 text-sm">
        {order.lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4">
            <span>
              {line.name}
              {line.quantity > 1 && !isMeasuredProduct(line.productId) ? ` × ${line.quantity}` : ''}
            </span>
            <span className="whitespace-nowrap">{euros(line.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between border-t border-base-300 pt-2 font-semibold">
        <span>Total TTC</span>
        <span>{euros(order.totalCents)}</span>
      </p>
      {order.address || order.appointment || order.slots.length > 0 ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {order.address ? (
            <>
              <dt className="text-base-content/75">Adresse</dt>
              <dd>
                {order.address.street}, {order.address.postcode} {order.address.city}
                {order.surfaceM2 ? ` (${order.surfaceM2}\u00a0m²)` : ''}
              </dd>
            </>
          ) : null}
          {order.appointment ? (
            <>
              <dt className="text-base-content/75">Rendez-vous</dt>
              <dd className="font-medium">{formatParisDateTime(order.appointment.start)}</dd>
            </>
          ) : order.slots.length > 0 ? (
            <>
              <dt className="text-base-content/75">Créneaux souhaités</dt>
              <dd>
                <ul>
                  {order.slots.map((slot) => (
                    <li key={`${slot.date}-${slot.period}`}>
                      <SlotText slot={slot} />
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {order.canPay ? <PendingActions order={order} reload={reload} /> : null}
      {order.hasInvoice ? (
        <button
          type="button"
          className="btn btn-outline btn-sm mt-4"
          onClick={() => {
            downloadWithToken(
              orderInvoicePath(order.id),
              `facture-${order.number ?? order.id}.pdf`,
            ).catch((failure: unknown) => notify.error(toApiFailure(failure).message));
          }}
        >
          Télécharger la facture<span className="sr-only"> de la {title.toLowerCase()}</span>
        </button>
      ) : null}
    </li>
  );
}

/**
 * 'Mes commandes' (issues 14 and 32): the signed-in buyer's homestylz orders, newest first (the
 * contract's OrderView), with their number, status, lines and total TTC, address and slots or
 * appointment; a pending one can be paid or cancelled, a paid one's invoice downloaded. An order
 * cancelled is a basket that was never bought: it is not listed.
 */
export function MyOrders() {
  const { user } = useSession();
  // Kept on the device with the rest of the area: readable offline after one visit.
  const [load, reload] = useCachedApi<OrderView[]>(user?._id, '/api/orders/mine');
  const orders = load.status === 'ready' ? load.data.filter((o) => o.status !== 'cancelled') : [];
  return (
    <section aria-labelledby="client-orders-title">
      <h3 id="client-orders-title" className="text-xl font-semibold">
        Mes commandes homestylz
      </h3>
      {load.status !== 'ready' ? (
        <LoadGate inline load={load} loading="Chargement de vos commandes…" />
      ) : orders.length === 0 ? (
        <p className="mt-3 text-base-content/75">
          Aucune commande pour l’instant.{' '}
          <Link href="/homestylz/pack/1" className="link link-primary">
            Voir les packs homestylz
          </Link>
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} reload={reload} />
          ))}
        </ul>
      )}
    </section>
  );
}
