import { formatEuro } from '../../../src/domain/format';
import { HOMESTYLZ_CGV_PATH, HOMESTYLZ_CGV_VERSION } from '../../../src/domain/api/orders';
import type { Order } from './orders.repo';
import { stripeCustomText } from './payment';
import { escapeHtml } from '../../mail/templates';

const STYLE = `
body{margin:0;font-family:system-ui,Arial,sans-serif;background:#f6f3ef;color:#1f2a30;line-height:1.5}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}
.test{background:#fff3c4;border:1px solid #c9a227;border-radius:8px;padding:.5rem .75rem;font-weight:600}
table{width:100%;border-collapse:collapse;margin:1rem 0}
th,td{text-align:left;padding:.5rem .25rem;border-bottom:1px solid #e2ddd6}
td.n,th.n{text-align:right;white-space:nowrap}
tfoot th,tfoot td{font-weight:700;border-bottom:0}
label{display:block;font-weight:600;margin-top:1rem}
input{width:100%;box-sizing:border-box;font-size:1rem;padding:.6rem;border:1px solid #8a8178;border-radius:8px}
.error{color:#a11d1d;font-weight:600}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}
button,a.button{font-size:1rem;padding:.7rem 1.2rem;border-radius:8px;border:2px solid #2f4a3a;cursor:pointer;text-decoration:none}
button.pay{background:#2f4a3a;color:#fff}
button.cancel,a.button{background:#fff;color:#2f4a3a}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #c9a227;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} – homestylz</title><style>${STYLE}</style></head>
<body><main>
<p class="test" role="note">Mode test\u00a0: aucun paiement réel n’est effectué.</p>
${body}
</main></body></html>`;
}

/** « 29 novembre 2026 » for a CGV version date 2026-11-29. */
const versionDate = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

const euros = (cents: number) => escapeHtml(formatEuro(cents / 100));

function linesTable(order: Order): string {
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}<br><small>${escapeHtml(line.packname)}</small></td><td class="n">${line.quantity}</td><td class="n">${euros(line.amount)}</td></tr>`,
    )
    .join('\n');
  return `<table><caption class="sr">Articles de la commande</caption>
<thead><tr><th scope="col">Article</th><th scope="col" class="n">Quantité</th><th scope="col" class="n">Prix TTC</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="2">Total TTC</th><td class="n">${euros(order.totalCents)}</td></tr></tfoot></table>`;
}

const closedMessages: Record<Exclude<Order['status'], 'pending'>, string> = {
  paid: 'Cette commande est déjà payée. Merci\u202f!',
  cancelled: 'Cette commande a été annulée.',
  expired:
    'Cette commande est expirée\u00a0: le délai de paiement de 24\u00a0heures est passé. Revenez au panier pour commander à nouveau.',
  refunded: 'Cette commande a été remboursée.',
};

/** The local test checkout (no Stripe key): the order, an e-mail field when none is known, two buttons. */
export function checkoutPage(
  order: Order,
  publicUrl: string,
  emailError?: string,
  notice?: string,
): string {
  const base = `/checkout/${encodeURIComponent(order.id)}`;
  if (order.status !== 'pending') {
    const back = order.status === 'paid' ? order.successUrl : order.cancelUrl;
    return page(
      'Commande',
      `<h1>Votre commande</h1>
${linesTable(order)}
<p role="status">${escapeHtml(notice ?? closedMessages[order.status])}</p>
<p><a class="button" href="${escapeHtml(back)}">Revenir au site</a></p>`,
    );
  }
  const emailField = order.email
    ? `<p>La confirmation sera envoyée à <strong>${escapeHtml(order.email)}</strong>.</p>`
    : `<label for="email">Adresse e-mail pour la confirmation</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254"${emailError ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${emailError ? `<p id="email-error" class="error" role="alert">${escapeHtml(emailError)}</p>` : ''}`;
  // What Stripe's page shows beside its button (payment.ts stripeCustomText), here too.
  const text = stripeCustomText(publicUrl, order.expressStartAt !== null);
  const cgvUrl = `${publicUrl}${HOMESTYLZ_CGV_PATH}`;
  return page(
    'Paiement de votre commande',
    `<h1>Paiement de votre commande</h1>
${linesTable(order)}
<p>Conditions générales de vente acceptées\u00a0: <a href="${escapeHtml(cgvUrl)}">conditions générales de vente de homestylz</a> (version du ${escapeHtml(versionDate(order.cgvVersion ?? HOMESTYLZ_CGV_VERSION))}), dont le <a href="${escapeHtml(cgvUrl)}#formulaire-de-retractation">formulaire de rétractation</a>.</p>
<p>${escapeHtml(text.submit.message)}</p>
<form method="post" action="${base}/pay">
${emailField}
<div class="actions"><button type="submit" class="pay">Payer (test)</button></div>
</form>
<form method="post" action="${base}/cancel">
<div class="actions"><button type="submit" class="cancel">Annuler</button></div>
</form>`,
  );
}

export function checkoutNotFoundPage(): string {
  return page(
    'Commande introuvable',
    `<h1>Commande introuvable</h1>
<p>Cette commande n’existe pas. Revenez au panier pour la refaire.</p>
<p><a class="button" href="/homestylz/pack/1">Voir les packs homestylz</a></p>`,
  );
}
