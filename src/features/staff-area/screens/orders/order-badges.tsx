import {
  orderFulfilmentLabels,
  orderStatusLabels,
  type OrderFulfilment,
  type OrderStatus,
} from '../../../../domain/api/orders';

const statusBadges: Record<OrderStatus, string> = {
  paid: 'badge-success',
  pending: 'badge-warning',
  expired: 'badge-ghost',
  cancelled: 'badge-ghost',
  refunded: 'badge-outline',
};

/** An order's payment status: « Payée » in green, « En attente de paiement » in amber. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${statusBadges[status]}`}>
      {orderStatusLabels[status]}
    </span>
  );
}

const fulfilmentBadges: Record<OrderFulfilment, string> = {
  a_planifier: 'badge-primary',
  planifiee: 'badge-info',
  realisee: 'badge-success badge-outline',
};

/** The team's follow-up of a paid order; nothing for an unpaid one. */
export function FulfilmentBadge({ fulfilment }: { fulfilment: OrderFulfilment | null }) {
  if (!fulfilment) return null;
  return (
    <span className={`badge whitespace-nowrap ${fulfilmentBadges[fulfilment]}`}>
      {orderFulfilmentLabels[fulfilment]}
    </span>
  );
}
