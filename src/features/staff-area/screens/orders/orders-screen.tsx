import { useState } from 'react';
import { Link } from 'wouter';
import type { staffOrderFilters, StaffOrderSummary } from '../../../../domain/api/orders';
import { STAFF_ORDERS_PATH } from '../../../../domain/api/orders';
import { formatEuro } from '../../../../domain/format';
import { formatShortDate } from '../../../../domain/french-date';
import { offlineSince } from '../../../../db/use-cached-api';
import { LoadGate } from '../../../../ui/load-gate';
import { StaffFrame } from '../../components/staff-frame';
import { TableFrame } from '../../components/table-frame';
import { useStaffApi } from '../../staff-api';
import { staffOrdersPaths } from './order-paths';
import { FulfilmentBadge, OrderStatusBadge } from './order-badges';

type Filter = (typeof staffOrderFilters)[number] | '';

const filters: { value: Filter; label: string }[] = [
  { value: '', label: 'Toutes' },
  { value: 'paid', label: 'Payées' },
  { value: 'pending', label: 'En attente' },
  { value: 'cancelled', label: 'Annulées' },
  { value: 'refunded', label: 'Remboursées' },
];

/** The order's name in the list: its number once paid, else « Commande du 29/11 ». */
const orderName = (o: StaffOrderSummary) =>
  o.number ?? `Commande du ${formatShortDate(o.createdAt)}`;

/**
 * « Commandes » (issue 32): the homestylz orders, newest first, filtered by status; each row
 * opens the order's fiche. For the homestylz staff (supervisors); the server refuses the rest.
 */
export function OrdersScreen() {
  const [filter, setFilter] = useState<Filter>('');
  const [load] = useStaffApi<StaffOrderSummary[]>(
    filter ? `${STAFF_ORDERS_PATH}?status=${filter}` : STAFF_ORDERS_PATH,
  );
  const current = filters.find((f) => f.value === filter)?.label ?? 'Toutes';
  return (
    <StaffFrame
      title="Commandes"
      lead={
        'Les commandes homestylz\u00a0: attribuez une décoratrice, fixez le rendez-vous, suivez chaque prestation jusqu’à sa réalisation.'
      }
      updatedAt={offlineSince(load)}
    >
      <div role="group" aria-label="Filtrer par statut" className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <button
            key={f.value || 'all'}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={`btn btn-sm ${filter === f.value ? 'btn-primary' : 'btn-outline'}`}
          >
            {f.label}
          </button>
        ))}
      </div>
      <LoadGate load={load} loading="Chargement des commandes…">
        {(orders) =>
          orders.length === 0 ? (
            <p className="mt-6 text-base-content/75">
              Aucune commande dans «&nbsp;{current}&nbsp;».
            </p>
          ) : (
            <>
              <ul className="mt-6 space-y-3 md:hidden" aria-label={`Commandes, ${current}`}>
                {orders.map((o) => (
                  <li key={o.id} className="rounded-box border border-base-300 p-4">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <Link
                        href={staffOrdersPaths.order(o.id)}
                        className="link link-primary text-lg font-medium"
                      >
                        {orderName(o)}
                      </Link>
                      <span className="font-semibold">{formatEuro(o.totalCents / 100)}</span>
                    </div>
                    <p className="mt-1 text-sm text-base-content/75">
                      {[o.clientName, o.city, formatShortDate(o.paidAt ?? o.createdAt)]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    <p className="mt-2 flex flex-wrap gap-2">
                      <OrderStatusBadge status={o.status} />
                      <FulfilmentBadge fulfilment={o.fulfilment} />
                    </p>
                  </li>
                ))}
              </ul>
              <TableFrame label={`Commandes, ${current}`} className="mt-6 hidden md:block">
                <table className="table">
                  <caption className="sr-only">{`Commandes, ${current}`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Numéro</th>
                      <th scope="col">Date</th>
                      <th scope="col">Client</th>
                      <th scope="col">Ville</th>
                      <th scope="col" className="text-right">
                        Total
                      </th>
                      <th scope="col">Statut</th>
                      <th scope="col">Suivi</th>
                    </tr>
                  </thead>
                  <tbody>
                    {orders.map((o) => (
                      <tr key={o.id}>
                        <th scope="row" className="font-medium">
                          <Link href={staffOrdersPaths.order(o.id)} className="link link-primary">
                            {orderName(o)}
                          </Link>
                        </th>
                        <td className="whitespace-nowrap">
                          {formatShortDate(o.paidAt ?? o.createdAt)}
                        </td>
                        <td className="break-all">{o.clientName ?? '—'}</td>
                        <td>{o.city ?? '—'}</td>
                        <td className="whitespace-nowrap text-right">
                          {formatEuro(o.totalCents / 100)}
                        </td>
                        <td>
                          <OrderStatusBadge status={o.status} />
                        </td>
                        <td>
                          <FulfilmentBadge fulfilment={o.fulfilment} />
                          {o.decoratorName ? (
                            <span className="mt-1 block text-sm text-base-content/75">
                              {o.decoratorName}
                            </span>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            </>
          )
        }
      </LoadGate>
    </StaffFrame>
  );
}
