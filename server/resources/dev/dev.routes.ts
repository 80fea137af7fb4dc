import { Hono } from 'hono';
import { isLoopbackHost } from '../../env';
import { apiError } from '../../http/errors';
import type { MailQueue } from '../../mail/mail-queue';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const statusLabel = {
  pending: 'en attente',
  sending: 'en cours d’envoi',
  sent: 'remis',
  failed: 'abandonné',
};

/**
 * Outside production, on a loopback address only (env.ts): the e-mails of the queue, newest
 * first, whatever became of them (DESIGN.md).
 */
export function devRoutes(outbox: MailQueue): Hono {
  const app = new Hono();

  // The server listens on loopback only (env.ts); a page elsewhere could still reach it through
  // a DNS name pointing at 127.0.0.1 (DNS rebinding): only loopback names are answered.
  app.use('*', async (c, next) => {
    if (!isLoopbackHost(new URL(c.req.url).hostname)) return apiError(c, 404, 'Page introuvable.');
    await next();
  });

  app.get('/outbox.json', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await outbox.list(c.req.query('to')));
  });

  app.get('/outbox', async (c) => {
    const mails = await outbox.list(c.req.query('to'));
    const items = mails
      .map(
        (m) => `<article><h2>${esc(m.subject)}</h2>
<p class="meta">À ${esc(m.to)} · ${esc(new Date(m.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }))} · ${statusLabel[m.status]}${m.lastError ? ` (${esc(m.lastError)})` : ''}</p>
${m.attachments?.length ? `<p class="meta">Pièces jointes\u00a0: ${m.attachments.map((a) => esc(a.filename)).join(', ')}</p>\n` : ''}<pre>${esc(m.text).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`)}</pre></article>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte d’envoi (développement)</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b2733}
article{border:1px solid #e3e8ee;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}h2{margin:.2rem 0;font-size:1.1rem}
.meta{color:#5b6b7a;font-size:.9rem}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Boîte d’envoi</h1><p>E-mails de la file d’envoi (table mail_queue)\u202f; sans SMTP_URL, ils ne quittent pas la machine. ${mails.length} e-mail(s), du plus récent au plus ancien.</p>
${items || '<p>Aucun e-mail pour le moment.</p>'}</body></html>`);
  });

  return app;
}
