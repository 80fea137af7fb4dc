import { z } from 'zod';
import type { OrderLine } from '../payment.schema';
import { paymentRequestSchema } from '../payment.schema';
import { isFrenchPhone } from '../phone';
import { minutesText } from '../form-duration';
import { formatHourRange } from '../typography';

/**
 * A homestylz order after the basket (issue 32, docs/shop.md): what the checkout asks, what the
 * client and the team see of an order, its number, its follow-up. Written once, for
 * server/resources/shop, the checkout page, « Mes commandes » and the staff « Commandes ».
 */

/**
 * The version date of the homestylz CGV (content/cgv-homestylz.md's `version`, checked equal by
 * a test): stored on each order with the moment its box was ticked.
 */
export const HOMESTYLZ_CGV_VERSION = '2026-11-29';
/** The page of the homestylz CGV, with the withdrawal form in its annex. */
export const HOMESTYLZ_CGV_PATH = '/homestylz/conditions-generales-de-vente';
/** The checkout: the basket's « Valider » leads here, then to the payment. */
export const HOMESTYLZ_CHECKOUT_PATH = '/homestylz/commande';

/** An unpaid checkout expires this long after it was started (its Stripe session too). */
export const ORDER_PAYMENT_TTL_HOURS = 24;
/** The withdrawal period of a service ordered at a distance (C. consom. L221-18). */
export const WITHDRAWAL_DAYS = 14;

export const orderStatuses = ['pending', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'En attente de paiement',
  paid: 'Payée',
  expired: 'Expirée',
  cancelled: 'Annulée',
  refunded: 'Remboursée',
};

/** The team's follow-up of a paid order. */
export const orderFulfilments = ['a_planifier', 'planifiee', 'realisee'] as const;
export type OrderFulfilment = (typeof orderFulfilments)[number];
export const orderFulfilmentLabels: Record<OrderFulfilment, string> = {
  a_planifier: 'À planifier',
  planifiee: 'Planifiée',
  realisee: 'Réalisée',
};

/** « HS-2026-0042 »: the year's n-th paid order, four digits at least. */
export function orderNumber(year: number, value: number): string {
  return `HS-${year}-${String(value).padStart(4, '0')}`;
}

/** A preferred half-day for the decorator's visit. */
export const slotPeriods = ['matin', 'apres-midi'] as const;
export type SlotPeriod = (typeof slotPeriods)[number];
export const slotPeriodLabels: Record<SlotPeriod, string> = {
  matin: `Matin (${formatHourRange(9, 12)})`,
  'apres-midi': `Après-midi (${formatHourRange(14, 18)})`,
};
/** Slots are chosen from tomorrow to this many days ahead. */
export const SLOT_HORIZON_DAYS = 60;
export const MAX_SLOTS = 3;

export const preferredSlotSchema = z.object({
  date: z
    .string({ error: 'Choisissez une date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choisissez une date valide.'),
  period: z.enum(slotPeriods, { error: 'Choisissez le matin ou l’après-midi.' }),
});
export type PreferredSlot = z.infer<typeof preferredSlotSchema>;

export const orderAddressSchema = z.object({
  street: z
    .string({ error: 'Indiquez l’adresse du bien.' })
    .trim()
    .min(3, 'Indiquez l’adresse du bien (numéro et voie).')
    .max(200, 'L’adresse est trop longue (200 caractères au plus).'),
  postcode: z
    .string({ error: 'Indiquez le code postal.' })
    .trim()
    .regex(/^\d{5}$/, 'Le code postal compte cinq chiffres.'),
  city: z
    .string({ error: 'Choisissez la ville dans la liste.' })
    .trim()
    .min(1, 'Choisissez la ville dans la liste.')
    .max(100, 'Le nom de la ville est trop long.'),
  /** INSEE code of the commune (or Paris arrondissement), from the cached geography. */
  inseeCode: z
    .string({ error: 'Choisissez la ville dans la liste.' })
    .regex(/^\d[\dAB]\d{3}$/, 'Choisissez la ville dans la liste.'),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/**
 * What the checkout asks before the payment. `acceptCgv` must be true (the box is never
 * pre-ticked); `expressStart` is the client's express request that the service start before the
 * end of the withdrawal period (L221-25): without it, no appointment before that end.
 */
export const checkoutDetailsSchema = z.object({
  address: orderAddressSchema,
  surfaceM2: z
    .number({ error: 'Indiquez la surface du bien en m².' })
    .int('La surface est un nombre entier de m².')
    .min(5, 'La surface doit être d’au moins 5\u00a0m².')
    .max(2000, 'La surface doit être d’au plus 2\u00a0000\u00a0m².'),
  slots: z
    .array(preferredSlotSchema, { error: 'Proposez au moins un créneau.' })
    .min(1, 'Proposez au moins un créneau.')
    .max(MAX_SLOTS, `Proposez au plus ${MAX_SLOTS} créneaux.`),
  phone: z
    .string({ error: 'Indiquez un numéro de téléphone.' })
    .trim()
    .refine(
      isFrenchPhone,
      'Saisissez un numéro de téléphone français valide (ex.\u00a006 12 34 56 78).',
    ),
  acceptCgv: z.literal(true, {
    error: 'Cochez la case pour accepter les conditions générales de vente de homestylz.',
  }),
  expressStart: z.boolean({ error: 'Dites si la prestation peut commencer avant 14 jours.' }),
});
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

/** POST /api/payment with the checkout's details (spec 7's body, plus `checkout`). */
export const checkoutPaymentRequestSchema = paymentRequestSchema.extend({
  checkout: checkoutDetailsSchema,
});
export type CheckoutPaymentRequest = z.output<typeof checkoutPaymentRequestSchema>;

/** A slot's problem against today's date in Paris (YYYY-MM-DD), or undefined. */
export function slotProblem(slot: PreferredSlot, today: string): string | undefined {
  const day = Date.parse(`${slot.date}T12:00:00Z`);
  const now = Date.parse(`${today}T12:00:00Z`);
  if (Number.isNaN(day)) return 'Choisissez une date valide.';
  const days = Math.round((day - now) / 86_400_000);
  if (days < 1) return 'Choisissez un créneau à partir de demain.';
  if (days > SLOT_HORIZON_DAYS)
    return `Choisissez un créneau dans les ${SLOT_HORIZON_DAYS} prochains jours.`;
  return undefined;
}

export interface OrderAppointment {
  /** ISO instants. */
  start: string;
  end: string;
}

/** What a buyer sees of their order (GET /api/orders/mine): no return URL, no Stripe id. */
export interface OrderView {
  id: string;
  number: string | null;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  /** Pending only: when the checkout expires. */
  expiresAt: string | null;
  lines: OrderLine[];
  totalCents: number;
  address: OrderAddress | null;
  surfaceM2: number | null;
  slots: PreferredSlot[];
  fulfilment: OrderFulfilment | null;
  appointment: OrderAppointment | null;
  /** Pending and not expired: « Reprendre le paiement » and « Annuler » are offered. */
  canPay: boolean;
  /** Paid or refunded: the invoice can be downloaded (orderInvoicePath). */
  hasInvoice: boolean;
}

/** A row of the staff « Commandes » list. */
export interface StaffOrderSummary {
  id: string;
  number: string | null;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  totalCents: number;
  clientName: string | null;
  email: string | null;
  city: string | null;
  fulfilment: OrderFulfilment | null;
  decoratorName: string | null;
  appointmentStart: string | null;
}

/** The fiche of an order (staff). */
export interface StaffOrderView extends OrderView {
  client: {
    userId: string | null;
    name: string | null;
    email: string | null;
    phone: string | null;
  };
  /** Stripe's session id, or « test » for the local test checkout; null when unpaid. */
  paymentReference: string | null;
  decorator: { id: string; name: string } | null;
  cgvVersion: string | null;
  cgvAcceptedAt: string | null;
  expressStartAt: string | null;
  /** Paid + 14 days: no appointment before it without the express request. */
  withdrawalEndsAt: string | null;
  cancelledAt: string | null;
  refundedAt: string | null;
  version: string;
}

export const MY_ORDER_RESUME_PATH = '/api/orders/:id/resume';
export const MY_ORDER_CANCEL_PATH = '/api/orders/:id/cancel';
export const ORDER_INVOICE_PATH = '/api/orders/:id/invoice';
export const STAFF_ORDERS_PATH = '/api/staff/orders';
export const STAFF_ORDER_PATH = '/api/staff/orders/:id';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
export const myOrderResumePath = (id: string) => withId(MY_ORDER_RESUME_PATH, id);
export const myOrderCancelPath = (id: string) => withId(MY_ORDER_CANCEL_PATH, id);
export const orderInvoicePath = (id: string) => withId(ORDER_INVOICE_PATH, id);
export const staffOrderPath = (id: string) => withId(STAFF_ORDER_PATH, id);

/** The staff list's filter (GET STAFF_ORDERS_PATH?status=…); « Toutes » when absent. */
export const staffOrderFilters = ['paid', 'pending', 'cancelled', 'refunded'] as const;

/**
 * PATCH STAFF_ORDER_PATH (homestylz staff): assign the decorator, set the appointment (the
 * client is mailed it with an .ics), move planned → done. `version` is the fiche's, so two
 * people editing at once do not overwrite each other silently (409).
 */
export const staffOrderUpdateSchema = z
  .object({
    version: z.string({ error: 'Rechargez la fiche puis réessayez.' }),
    decoratorId: z.string().min(1).nullable().optional(),
    appointment: z
      .object({
        /** Paris local time, « 2026-12-03T10:00 » (an <input type="datetime-local">). */
        start: z
          .string({ error: 'Indiquez la date et l’heure du rendez-vous.' })
          .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Indiquez la date et l’heure du rendez-vous.'),
        durationMinutes: z
          .number({ error: 'Indiquez la durée du rendez-vous.' })
          .int()
          .min(30, `Le rendez-vous dure au moins ${minutesText(30)}.`)
          .max(480, 'Le rendez-vous dure au plus 8\u00a0heures.'),
      })
      .optional(),
    fulfilment: z.enum(orderFulfilments, { error: 'Choisissez un état de suivi.' }).optional(),
  })
  .refine((u) => u.decoratorId !== undefined || u.appointment || u.fulfilment, {
    error: 'Rien à modifier.',
  });
export type StaffOrderUpdate = z.infer<typeof staffOrderUpdateSchema>;
