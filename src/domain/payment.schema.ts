/**
 * The body of POST /api/payment (spec 3.8, 7) and the server's repricing of it (issue 14).
 * A line item is Stripe's own shape, so the client sends what Stripe would receive; the product
 * id travels in `price_data.product_data.metadata.productId` (Stripe's metadata holds strings,
 * so "19" and 19 are both accepted). The server never trusts a client price or name: every line
 * is rebuilt from the catalogue.
 */
import { z } from 'zod';
import { formatEuro } from './format';
import { lineName, shopProductById } from './shop-catalogue';

const productIdSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/),
    ],
    {
      error: 'Chaque article doit porter l’identifiant de son produit.',
    },
  )
  .transform(Number)
  .pipe(z.number().int().positive('L’identifiant du produit est invalide.'));

export const paymentLineItemSchema = z.object({
  price_data: z.object(
    {
      currency: z.literal('eur', { error: 'Le paiement se fait en euros (currency\u00a0: eur).' }),
      product_data: z.object(
        {
          name: z
            .string({ error: 'Chaque article doit avoir un nom.' })
            .trim()
            .min(1, 'Chaque article doit avoir un nom.')
            .max(200, 'Le nom d’un article est trop long.'),
          metadata: z.object(
            { productId: productIdSchema },
            { error: 'Chaque article doit porter l’identifiant de son produit.' },
          ),
        },
        { error: 'Chaque article doit décrire son produit.' },
      ),
      unit_amount: z
        .number({ error: 'Le prix unitaire doit être un nombre de centimes.' })
        .int('Le prix unitaire doit être un nombre entier de centimes.')
        .nonnegative('Le prix unitaire ne peut pas être négatif.'),
    },
    { error: 'Chaque article doit indiquer son prix.' },
  ),
  quantity: z
    .number({ error: 'La quantité doit être un nombre.' })
    .int('La quantité doit être un nombre entier.')
    .positive('La quantité doit être d’au moins 1.'),
});

export const paymentRequestSchema = z.object({
  lineItems: z
    .array(paymentLineItemSchema, { error: 'Le panier doit être une liste d’articles.' })
    .min(1, 'Le panier est vide.')
    .max(50, 'Le panier contient trop d’articles (50 au plus).'),
  /** The page the buyer pays from; back there with ?success=true or ?cancel=true. */
  url: z
    .string({ error: 'L’adresse de la page est manquante.' })
    .trim()
    .min(1, 'L’adresse de la page est manquante.')
    .max(2000, 'L’adresse de la page est trop longue.'),
});

export type PaymentLineItem = z.output<typeof paymentLineItemSchema>;
export type PaymentRequest = z.output<typeof paymentRequestSchema>;

/** One line of an order, as the server priced it (amounts in cents). */
export interface OrderLine {
  productId: number;
  name: string;
  packname: string;
  unitAmount: number;
  quantity: number;
  amount: number;
}

export type Repriced =
  { ok: true; lines: OrderLine[]; totalCents: number } | { ok: false; message: string };

/**
 * Every line checked against the catalogue: the product exists, appears once, its quantity is
 * within its bounds and the unit amount the client shows is the catalogue's. Any difference
 * refuses the whole basket with a French message (the buyer must see the real price first).
 */
export function repriceLineItems(items: readonly PaymentLineItem[]): Repriced {
  const lines: OrderLine[] = [];
  const seen = new Set<number>();
  for (const item of items) {
    const productId = item.price_data.product_data.metadata.productId;
    const product = shopProductById(productId);
    if (!product) {
      return {
        ok: false,
        message: `Le produit n°\u00a0${productId} n’existe pas ou n’est plus vendu. Retirez-le du panier.`,
      };
    }
    if (seen.has(productId)) {
      return {
        ok: false,
        message: `«\u00a0${product.name}\u00a0» apparaît deux fois dans le panier.`,
      };
    }
    seen.add(productId);
    if (item.quantity < product.minQuantity || item.quantity > product.maxQuantity) {
      return {
        ok: false,
        message: `La quantité de «\u00a0${product.name}\u00a0» doit être comprise entre ${product.minQuantity} et ${product.maxQuantity}.`,
      };
    }
    if (item.price_data.unit_amount !== product.unitAmount) {
      return {
        ok: false,
        message: `Le prix de «\u00a0${product.name}\u00a0» a changé\u00a0: ${formatEuro(product.price)}. Rechargez la page pour voir le panier à jour.`,
      };
    }
    lines.push({
      productId,
      name: lineName(product, item.quantity),
      packname: product.packname,
      unitAmount: product.unitAmount,
      quantity: item.quantity,
      amount: product.unitAmount * item.quantity,
    });
  }
  return { ok: true, lines, totalCents: lines.reduce((sum, line) => sum + line.amount, 0) };
}
