import { Hono } from 'hono';
import type { OutboxMailer } from '../mail/mailer';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Outside production only: the e-mails the server "sent", newest first (DESIGN.md). */
export function devRoutes(outbox: OutboxMailer): Hono {
  const app = new Hono();

  app.get('/outbox.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(outbox.list(c.req.query('to')));
  });

  app.get('/outbox', (c) => {
    const mails = outbox.list(c.req.query('to'));
    const items = mails
      .map(
        (m) => `<article><h2>${esc(m.subject)}</h2>
<p class="meta">À ${esc(m.to)} · ${esc(new Date(m.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }))}</p>
<pre>${esc(m.text).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`)}</pre></article>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte d’envoi (développement)</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b2733}
article{border:1px solid #e3e8ee;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}h2{margin:.2rem 0;font-size:1.1rem}
.meta{color:#5b6b7a;font-size:.9rem}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Boîte d’envoi</h1><p>E-mails écrits par le serveur au lieu d’être envoyés (aucun SMTP_URL configuré). ${mails.length} e-mail(s), du plus récent au plus ancien.</p>
${items || '<p>Aucun e-mail pour le moment.</p>'}</body></html>`);
  });

  return app;
}
