import { Link } from 'wouter';
import { isMeasuredProduct } from '../../../domain/basket';
import { formatEuro } from '../../../domain/format';
import { formatLongDate } from '../../../domain/dates';
import type { OrderLine } from '../../../domain/payment.schema';
import { useCachedApi } from '../../../db/use-cached-api';
import { useSession } from '../../auth';
import { LoadGate } from '../../../ui/load-gate';

/** GET /api/orders/mine (server/resources/shop/shop.routes.ts): what a buyer sees of an order. */
interface MyOrder {
  id: string;
  status: 'pending' | 'paid' | 'expired' | 'cancelled';
  createdAt: string;
  paidAt: string | null;
  lines: OrderLine[];
  totalCents: number;
}

const statusLabels: Record<MyOrder['status'], { label: string; tone: string }> = {
  paid: { label: 'Payée', tone: 'badge-success' },
  pending: { label: 'En attente de paiement', tone: 'badge-warning' },
  expired: { label: 'Paiement non abouti', tone: 'badge-ghost' },
  cancelled: { label: 'Annulée', tone: 'badge-ghost' },
};

const euros = (cents: number) => formatEuro(cents / 100);

/**
 * 'Mes commandes' (issue 14): the signed-in buyer's homestylz orders, newest first, with their
 * status, date, lines and total TTC. An order cancelled on the payment page is a basket that was
 * never bought: it is not listed.
 */
export function MyOrders() {
  const { user } = useSession();
  // Kept on the device with the rest of the area: readable offline after one visit.
  const [load] = useCachedApi<MyOrder[]>(user?._id, '/api/orders/mine');
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
          {orders.map((order) => {
            const status = statusLabels[order.status];
            return (
              <li key={order.id} className="rounded-box border border-base-300 bg-base-100 p-4">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">
                    Commande du {formatLongDate(order.createdAt)}
                  </span>
                  <span className={`badge ${status.tone}`}>{status.label}</span>
                </p>
                <ul className="mt-3 space-y-1 text-sm">
                  {order.lines.map((line) => (
                    <li key={line.productId} className="flex justify-between gap-4">
                      <span>
                        {line.name}
                        {line.quantity > 1 && !isMeasuredProduct(line.productId)
                          ? ` × ${line.quantity}`
                          : ''}
                      </span>
                      <span className="whitespace-nowrap">{euros(line.amount)}</span>
                    </li>
                  ))}
                </ul>
                <p className="mt-3 flex justify-between border-t border-base-300 pt-2 font-semibold">
                  <span>Total TTC</span>
                  <span>{euros(order.totalCents)}</span>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
