import { cityName } from '../../src/domain/arrondissements';
import type { Brand } from '../../src/domain/brand';
import { company } from '../../src/domain/company';
import { companyLegal } from '../../src/domain/company-legal';
import type { BuyerProject } from '../../src/domain/buyer-signup.schema';
import { formatEuro } from '../../src/domain/format';
import type { OrderLine } from '../../src/domain/payment.schema';
import {
  HOMESTYLZ_CGV_PATH,
  slotPeriodLabels,
  WITHDRAWAL_DAYS,
  type OrderAddress,
  type PreferredSlot,
} from '../../src/domain/api/orders';
import {
  ownerDocumentFlags,
  ownerDocumentLabels,
  type OwnerSubmission,
} from '../../src/domain/owner-questionnaire.schema';
import {
  bedroomCounts,
  bienTypes,
  labelOf,
  roomCounts,
  surfaceBands,
  visitCounts,
} from '../../src/domain/property';
import { CONTROL_CHARACTERS } from '../../src/domain/text';
import { formatLongDate } from '../../src/domain/dates';
import type { FormCopyFlow } from '../../src/domain/api/form-copies';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A subject line built from what a visitor typed: control characters become spaces (no header
 * can be forged, whatever the transport does), runs of spaces collapse into one and the length
 * is capped. The no-break spaces of French typography (U+00A0 before « : », U+202F before
 * « ; ? ! ») stay where the subject put them.
 */
export function headerSafe(value: string, max = 150): string {
  const flat = value
    .replace(new RegExp(CONTROL_CHARACTERS.source, 'gu'), ' ')
    .replace(/[^\S\u00a0\u202f]+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

interface Block {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

/** The name a mail is signed with and shown in its header (src/domain/brand.ts). */
const brandName: Record<Brand, string> = { main: company.brand, homestylz: company.homestylzBrand };
const brandColour: Record<Brand, string> = { main: '#173f5f', homestylz: '#2f4a3a' };

/**
 * One layout for every e-mail: brand header, text, one button, legal footer; plain text twin.
 * `brand` 'homestylz' heads and signs it « homestylz » (its mails, issue 32); the footer names
 * the company that sells either way.
 */
export function render(
  to: string,
  subject: string,
  block: Block,
  { brand = 'main' }: { brand?: Brand } = {},
): Mail {
  const name = brandName[brand];
  const colour = brandColour[brand];
  const footer = `${companyLegal.legalName} · ${company.address.street}, ${company.address.postalCode} ${company.address.city} · ${company.phone}`;
  const text = [
    block.greeting,
    '',
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.action ? [`${block.action.label}\u00a0: ${block.action.url}`, ''] : []),
    ...(block.after ?? []).flatMap((p) => [p, '']),
    `L’équipe ${name}`,
    '',
    '—',
    footer,
  ].join('\n');

  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.55">${escapeHtml(t)}</p>`;
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="background:${colour};color:#ffffff;padding:20px 28px;border-radius:12px 12px 0 0;font-size:22px;font-weight:bold">${escapeHtml(name)}</td></tr>
<tr><td style="padding:28px">
${p(block.greeting)}
${block.paragraphs.map(p).join('\n')}
${
  block.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(block.action.url)}" style="background:${colour};color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(block.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5b6b7a">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(block.action.url)}</p>`
    : ''
}
${(block.after ?? []).map(p).join('\n')}
${p(`L’équipe ${name}`)}
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#5b6b7a;border-top:1px solid #e3e8ee">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject: headerSafe(subject), text, html };
}

export function activationMail(to: string, firstname: string, link: string): Mail {
  return render(to, `Confirmez votre inscription chez ${company.brand}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `Merci d’avoir décrit votre projet à ${company.brand}. Pour confirmer votre adresse e-mail et accéder à votre espace client, cliquez sur le lien ci-dessous.`,
      'Un chasseur immobilier vous contactera sous 48 heures pour en parler avec vous.',
    ],
    action: { label: 'Confirmer mon inscription', url: link },
    after: [
      'Ce lien est valable 48 heures. Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet e-mail.',
    ],
  });
}

export function passwordResetMail(to: string, firstname: string, link: string): Mail {
  return render(to, `Réinitialisation de votre mot de passe ${company.brand}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      'Vous avez demandé à changer votre mot de passe. Choisissez-en un nouveau avec le lien ci-dessous.',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: link },
    after: [
      'Ce lien est valable une heure et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
    ],
  });
}

export function passwordChangedMail(to: string, firstname: string): Mail {
  return render(to, `Votre mot de passe ${company.brand} a été modifié`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      'Le mot de passe de votre compte vient d’être modifié.',
      `Si vous n’êtes pas à l’origine de ce changement, contactez-nous immédiatement au ${company.phone} ou à ${company.email}.`,
    ],
  });
}

export function ownerConfirmationMail(to: string, firstname: string): Mail {
  return render(to, `Nous avons bien reçu la description de votre bien`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `Merci d’avoir décrit votre bien à ${company.brand}. Un chasseur immobilier vous contactera sous 48 heures pour en parler avec vous et, si vous le souhaitez, l’estimer gratuitement.`,
      'Nous vous présenterons des acheteurs dont le dossier et le financement ont été vérifiés au préalable. Vous ne payez aucune commission sur la vente.',
      `Une question d’ici là ? Appelez-nous au ${company.phone} ou répondez à cet e-mail.`,
    ],
  });
}

/** To the team: a new record to act on (owner lead, buyer, message), as plain facts. */
export function staffNotificationMail(
  to: string,
  subject: string,
  intro: string,
  lines: [string, string][],
): Mail {
  return render(to, subject, {
    greeting: 'Bonjour,',
    paragraphs: [intro, ...lines.map(([label, value]) => `${label}\u00a0: ${value}`)],
  });
}

/** To a visitor who wrote through the contact page. */
export function contactAcknowledgementMail(to: string): Mail {
  // No name in the greeting: the form's name is free text, and this mail goes to an address
  // the sender chose, so nothing the sender typed is echoed in it.
  return render(to, `Nous avons bien reçu votre message`, {
    greeting: 'Bonjour,',
    paragraphs: [
      `Merci d’avoir écrit à ${company.brand}. Nous vous répondons sous 48 heures ouvrées.`,
      `Pour une question urgente, appelez-nous au ${company.phone}.`,
    ],
  });
}

/** To the staff: a new owner lead from the questionnaire, to call back within 48 hours. */
export function newOwnerLeadMail(
  to: string,
  contact: OwnerSubmission['contact'],
  bien: OwnerSubmission['bien'],
  /** The city as stored (an arrondissement by its code), shown by its name. */
  city: string,
): Mail {
  const place = cityName(city);
  return staffNotificationMail(
    to,
    `Nouveau propriétaire vendeur\u00a0: ${contact.firstname} ${contact.lastname}, ${place}`,
    'Un propriétaire vient de remplir le questionnaire vendeur. À rappeler sous 48 heures\u00a0:',
    [
      ['Contact', `${contact.firstname} ${contact.lastname}, ${contact.phone}, ${contact.email}`],
      ['Nombre de biens', String(contact.bienCount)],
      // The type and the condition on two lines: 'Maison neuf' would not agree in gender.
      ['Bien', `${labelOf(bienTypes, bien.typeBien)}, ${place} (${bien.department})`],
      ['État', bien.status],
      ['Usage', bien.propertyType],
      ['Surface', labelOf(surfaceBands, bien.surface)],
      ['Pièces', labelOf(roomCounts, bien.roomCount)],
      ['Chambres', labelOf(bedroomCounts, bien.bedroomCount)],
      ['Visites déjà faites', labelOf(visitCounts, bien.visitCount)],
      ['Prix souhaité', bien.price === null ? 'à estimer' : formatEuro(bien.price)],
      [
        'Documents disponibles',
        ownerDocumentFlags
          .filter((f) => bien[f])
          .map((f) => ownerDocumentLabels[f])
          .join('\u202f; ') || 'aucun',
      ],
      ['Précisions', bien.description || '—'],
    ],
  );
}

/** To the staff: a new buyer (address not confirmed yet), to call back within 48 hours. */
export function newBuyerMail(
  to: string,
  person: { firstname: string; lastname: string; phone: string; email: string },
  project: BuyerProject,
  partnerCode: string | undefined,
): Mail {
  return staffNotificationMail(
    to,
    `Nouvel acquéreur\u00a0: ${person.firstname} ${person.lastname}`,
    'Un acquéreur vient de décrire son projet (adresse e-mail pas encore confirmée). À rappeler sous 48 heures\u00a0:',
    [
      ['Contact', `${person.firstname} ${person.lastname}, ${person.phone}, ${person.email}`],
      ['Départements', project.department.join(', ')],
      ['Villes', project.cities.map(cityName).join(', ')],
      ['Budget', formatEuro(project.budget)],
      ['Code partenaire', partnerCode ?? '—'],
    ],
  );
}

/** A preferred slot as the mails write it: « jeudi 3 décembre 2026, matin (9 h – 12 h) ». */
export function slotLabel(slot: PreferredSlot): string {
  const date = new Date(`${slot.date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'UTC' }).format(date);
  const day = date.getUTCDate();
  const period = slotPeriodLabels[slot.period];
  return `${part({ weekday: 'long' })} ${day === 1 ? '1er' : day} ${part({ month: 'long' })} ${date.getUTCFullYear()}, ${period.charAt(0).toLowerCase()}${period.slice(1)}`;
}

export interface ConfirmedOrder {
  id: string;
  number: string | null;
  lines: readonly OrderLine[];
  totalCents: number;
  address: OrderAddress | null;
  slots: readonly PreferredSlot[];
  expressStartAt: string | null;
}

/**
 * The withdrawal information the confirmation carries on a durable medium (C. consom. L221-13):
 * 14 days (L221-18), what the express request to start earlier means (L221-25, L221-28 1°), and
 * where the withdrawal form is.
 */
export function withdrawalParagraphs(express: boolean, publicUrl: string): string[] {
  const cgv = `${publicUrl}${HOMESTYLZ_CGV_PATH}`;
  return [
    `Droit de rétractation\u00a0: vous disposez de ${WITHDRAWAL_DAYS}\u00a0jours à compter du jour de votre commande pour vous rétracter, sans avoir à vous justifier (Code de la consommation, article L221-18).`,
    express
      ? 'Vous avez demandé expressément que la prestation commence avant la fin de ce délai (article L221-25)\u00a0: si vous vous rétractez après son début, vous nous devrez un montant proportionnel à ce qui aura été fourni jusqu’à votre rétractation, et vous ne pourrez plus vous rétracter une fois la prestation entièrement exécutée (article L221-28).'
      : `Vous n’avez pas demandé que la prestation commence avant la fin de ce délai\u00a0: le rendez-vous sera fixé après les ${WITHDRAWAL_DAYS}\u00a0jours.`,
    `Pour vous rétracter, envoyez-nous le formulaire de rétractation (${cgv}#formulaire-de-retractation) ou toute autre déclaration claire à ${company.homestylzEmail}. Nos conditions générales de vente\u00a0: ${cgv}.`,
  ];
}

/**
 * To the buyer, once, when a shop order is paid (issues 14 and 32): its number, lines and total
 * TTC, the property and the preferred slots, what happens next and the withdrawal information.
 * Signed homestylz.
 */
export function orderConfirmationMail(to: string, order: ConfirmedOrder, publicUrl: string): Mail {
  const reference = order.number ?? order.id;
  const address = order.address;
  return render(
    to,
    `Votre commande homestylz ${reference} est confirmée`,
    {
      greeting: 'Bonjour,',
      paragraphs: [
        `Merci pour votre commande ${reference}. Votre paiement a bien été reçu.`,
        ...order.lines.map(
          (line) =>
            `${line.name} (${line.packname}) × ${line.quantity}\u00a0: ${formatEuro(line.amount / 100)}`,
        ),
        `Total TTC\u00a0: ${formatEuro(order.totalCents / 100)}`,
        ...(address
          ? [
              `Bien à mettre en valeur\u00a0: ${address.street}, ${address.postcode} ${address.city}`,
            ]
          : []),
        ...(order.slots.length > 0
          ? [`Vos créneaux préférés\u00a0: ${order.slots.map(slotLabel).join(' · ')}`]
          : []),
        'Nous vous appelons sous 48 heures ouvrées pour fixer le rendez-vous.',
        ...withdrawalParagraphs(order.expressStartAt !== null, publicUrl),
        `Une question\u202f? Écrivez-nous à ${company.homestylzEmail} ou répondez à cet e-mail.`,
      ],
    },
    { brand: 'homestylz' },
  );
}

/** To each manager when an order is paid (issue 32): its number, total and where to plan it. */
export function newOrderTeamMail(
  to: string,
  order: { id: string; number: string | null; totalCents: number; address: OrderAddress | null },
  publicUrl: string,
): Mail {
  const reference = order.number ?? order.id;
  return render(
    to,
    `Nouvelle commande homestylz ${reference}`,
    {
      greeting: 'Bonjour,',
      paragraphs: [
        `La commande ${reference} vient d’être payée (${formatEuro(order.totalCents / 100)} TTC)${order.address ? ` pour un bien à ${order.address.city}` : ''}.`,
        'Appelez le client sous 48 heures ouvrées pour fixer le rendez-vous, puis assignez une décoratrice.',
      ],
      action: {
        label: 'Ouvrir la commande',
        url: `${publicUrl}/wh-dashboard/commandes/${encodeURIComponent(order.id)}`,
      },
    },
    { brand: 'homestylz' },
  );
}

/** A staff member moved the buyer's project (issue 15): the new stage, in the client's words. */
export function projectStageMail(
  to: string,
  firstname: string,
  stageLabel: string,
  dashboardUrl: string,
): Mail {
  return render(to, `Votre projet avance\u00a0: ${stageLabel}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `Votre projet d’achat est passé à l’étape «\u00a0${stageLabel}\u00a0».`,
      'Votre chasseur immobilier reste à votre disposition pour toute question.',
    ],
    action: { label: 'Suivre mon projet', url: dashboardUrl },
  });
}

/** « Télécharger mes données » (issue 16, RGPD art. 15 and 20): a copy was downloaded. */
export function dataExportMail(to: string, firstname: string): Mail {
  return render(to, `Vous avez téléchargé vos données ${company.brand}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      'Une copie de toutes les données que nous conservons sur vous vient d’être téléchargée depuis votre espace client.',
      `Si vous n’êtes pas à l’origine de ce téléchargement, changez votre mot de passe et contactez-nous au ${company.phone}.`,
    ],
  });
}

/** « Supprimer mon compte » (issue 16): what was erased, and what the law makes us keep. */
export function accountDeletedMail(to: string, firstname: string): Mail {
  return render(to, `Votre compte ${company.brand} est supprimé`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      'Votre compte client est supprimé\u00a0: vos nom, coordonnées, critères de recherche et messages ont été effacés, et vous ne pouvez plus vous connecter.',
      'Nous gardons seulement ce que la loi nous oblige à conserver (les factures de vos éventuelles commandes, dix ans), sans vos coordonnées.',
      `Une question\u202f? Écrivez-nous à ${company.email}.`,
    ],
  });
}

/** An account created by an administrator (issue 15): the person chooses their own password. */
export function accountCreatedMail(to: string, firstname: string, link: string): Mail {
  return render(to, `Votre compte ${company.brand} est prêt`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `Un compte ${company.brand} vient d’être créé pour vous. Choisissez votre mot de passe avec le lien ci-dessous pour l’activer.`,
    ],
    action: { label: 'Choisir mon mot de passe', url: link },
    after: ['Ce lien est valable 48 heures et ne sert qu’une fois.'],
  });
}

/** A refused document: its label, the staff's reason, where to send another. */
export interface DocumentRefusal {
  documentLabel: string;
  reason: string;
  dashboardUrl: string;
}

/** « Mes documents » (issue 16): a document the buyer sent was refused, and why. */
export function documentRefusedMail(to: string, firstname: string, refusal: DocumentRefusal): Mail {
  const { documentLabel, reason, dashboardUrl } = refusal;
  return render(to, `Document à renvoyer\u00a0: ${documentLabel}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `Votre chasseur n’a pas pu valider le document «\u00a0${documentLabel}\u00a0» que vous avez envoyé.`,
      `Motif\u00a0: ${reason}`,
      'Vous pouvez en envoyer un nouveau depuis votre espace client, rubrique «\u00a0Mes documents\u00a0».',
    ],
    action: { label: 'Envoyer le document', url: dashboardUrl },
  });
}

/** A planned visit as its e-mails say it (issue 28). */
export interface VisitMailDetails {
  /** « jeudi 26 novembre 2026 à 14 h 30 » (Paris time). */
  when: string;
  address: string;
  city: string;
  withClient: boolean;
  hunterName: string | null;
  visitsUrl: string;
  calendarUrl: string;
}

/** The hunter planned a visit for the buyer (issue 28): when, where, and the calendar file. */
export function visitPlannedMail(to: string, firstname: string, visit: VisitMailDetails): Mail {
  const place = `${visit.address}, ${visit.city}`;
  return render(to, `Visite prévue le ${visit.when}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      visit.withClient
        ? `${visit.hunterName ?? 'Votre chasseur'} vous donne rendez-vous le ${visit.when} pour visiter le bien situé ${place}.`
        : `${visit.hunterName ?? 'Votre chasseur'} visitera pour vous le bien situé ${place} le ${visit.when}. Vous recevrez son compte rendu dans votre espace client.`,
      `Pour l’ajouter à votre agenda, téléchargez le fichier de la visite depuis votre espace client (rubrique «\u00a0Mes visites\u00a0») ou à cette adresse, une fois connecté\u00a0: ${visit.calendarUrl}`,
    ],
    action: { label: 'Voir mes visites', url: visit.visitsUrl },
  });
}

/** A planned visit was cancelled (issue 28). */
export function visitCancelledMail(
  to: string,
  firstname: string,
  visit: Pick<VisitMailDetails, 'when' | 'address' | 'city' | 'visitsUrl'>,
): Mail {
  return render(to, `Visite annulée\u00a0: ${visit.when}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `La visite du bien situé ${visit.address}, ${visit.city}, prévue le ${visit.when}, est annulée. Supprimez-la de votre agenda si vous l’y aviez ajoutée.`,
      'Votre chasseur vous proposera un autre rendez-vous si besoin.',
    ],
    action: { label: 'Voir mes visites', url: visit.visitsUrl },
  });
}

/** A visit report « à proposer » is ready for the buyer, with all its photos (issue 28). */
export function visitReportMail(
  to: string,
  firstname: string,
  report: { address: string; city: string; hunterName: string | null; visitsUrl: string },
): Mail {
  return render(to, `Nouveau compte rendu de visite\u00a0: ${report.city}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `${report.hunterName ?? 'Votre chasseur'} a visité pour vous le bien situé ${report.address}, ${report.city}, et vous le propose.`,
      'Son compte rendu, avec les photos, vous attend dans votre espace client. Dites-lui s’il vous intéresse.',
    ],
    action: { label: 'Lire le compte rendu', url: report.visitsUrl },
  });
}

/** The buyer answered a visit report (issue 28): told to the hunter who wrote it. */
export function visitAnswerMail(
  to: string,
  answer: {
    buyerName: string;
    address: string;
    city: string;
    answerLabel: string;
    comment: string;
    ficheUrl: string;
  },
): Mail {
  return render(
    to,
    `${answer.buyerName}\u00a0: «\u00a0${answer.answerLabel}\u00a0» (${answer.city})`,
    {
      greeting: 'Bonjour,',
      paragraphs: [
        `${answer.buyerName} a répondu «\u00a0${answer.answerLabel}\u00a0» au compte rendu du bien situé ${answer.address}, ${answer.city}.`,
        ...(answer.comment ? [`Son commentaire\u00a0: ${answer.comment}`] : []),
      ],
      action: { label: 'Ouvrir la fiche', url: answer.ficheUrl },
    },
  );
}

/**
 * New messages in a project's conversation (issue 29), to the other side: at most one mail per
 * 15 minutes per conversation and recipient, saying how many wait (never what they say).
 */
export function newMessagesMail(
  to: string,
  firstname: string | null,
  news: { count: number; from: string; toClient: boolean; url: string },
): Mail {
  const what = news.count > 1 ? `${news.count}\u00a0nouveaux messages` : 'Un nouveau message';
  const where = news.toClient ? 'dans votre espace client' : 'sur sa fiche acquéreur';
  return render(to, `${what} de ${news.from}`, {
    greeting: firstname ? `Bonjour ${firstname},` : 'Bonjour,',
    paragraphs: [
      news.count > 1
        ? `${news.from} vous a écrit\u00a0: ${news.count}\u00a0messages non lus vous attendent ${where}.`
        : `${news.from} vous a écrit\u00a0: son message vous attend ${where}.`,
      'Les messages qui suivront dans le quart d’heure ne feront pas l’objet d’un autre e-mail.',
    ],
    action: { label: 'Lire et répondre', url: news.url },
  });
}

// ---- The mandat de recherche (issue 30, docs/mandates.md) -------------------------------------

/** A mandate was prepared for the client: read it and sign it in « Mon mandat ». */
export function mandateReadyMail(
  to: string,
  firstname: string,
  mandate: { hunterName: string; url: string },
): Mail {
  return render(to, 'Votre mandat de recherche est prêt à signer', {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `${mandate.hunterName} a préparé votre mandat de recherche. La loi nous interdit de commencer les recherches avant qu’il soit signé.`,
      'Lisez-le dans votre espace client, puis signez-le en ligne avec le code que nous vous enverrons par e-mail.',
    ],
    action: { label: 'Lire et signer mon mandat', url: mandate.url },
  });
}

/** The one-time signing code (6 digits, valid 10 minutes). */
export function mandateCodeMail(
  to: string,
  firstname: string,
  code: { code: string; minutes: number },
): Mail {
  return render(to, `Votre code de signature\u00a0: ${code.code}`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `Voici le code qui signe votre mandat de recherche\u00a0: ${code.code}`,
      `Il est valable ${code.minutes}\u00a0minutes et ne sert qu’une fois. Ne le communiquez à personne\u00a0: aucun membre de notre équipe ne vous le demandera.`,
      'Si vous n’avez pas demandé à signer un mandat, ignorez cet e-mail.',
    ],
  });
}

/** The client signed: their copy, with its register number, is in their area. */
export function mandateSignedClientMail(
  to: string,
  firstname: string,
  mandate: { number: number; withdrawalUntil: string; url: string },
): Mail {
  return render(to, `Votre mandat de recherche n°\u00a0${mandate.number} est signé`, {
    greeting: `Bonjour ${firstname},`,
    paragraphs: [
      `Votre mandat de recherche est signé et inscrit sous le n°\u00a0${mandate.number} de notre registre des mandats. Votre exemplaire signé vous attend dans votre espace client.`,
      `Vous pouvez vous rétracter jusqu’au ${mandate.withdrawalUntil} inclus, depuis votre espace client, sans motif ni frais.`,
    ],
    action: { label: 'Voir mon mandat', url: mandate.url },
  });
}

/** To the hunter: the buyer signed, the project is at « Mandat signé ». */
export function mandateSignedHunterMail(
  to: string,
  mandate: { buyerName: string; number: number; ficheUrl: string },
): Mail {
  return render(to, `${mandate.buyerName} a signé son mandat (n°\u00a0${mandate.number})`, {
    greeting: 'Bonjour,',
    paragraphs: [
      `${mandate.buyerName} vient de signer son mandat de recherche, inscrit sous le n°\u00a0${mandate.number} du registre. Son projet est passé à l’étape «\u00a0Mandat signé\u00a0»\u00a0: vous pouvez commencer les recherches.`,
    ],
    action: { label: 'Ouvrir la fiche', url: mandate.ficheUrl },
  });
}

/** A mandate withdrawn or ended: told to the client (acknowledgement) or to the hunter. */
export function mandateStoppedMail(
  to: string,
  firstname: string | null,
  stop: {
    kind: 'withdrawn' | 'ended';
    number: number;
    who: string;
    url: string;
    toClient: boolean;
  },
): Mail {
  const what = stop.kind === 'withdrawn' ? 'Rétractation' : 'Fin';
  const subject = `${what} du mandat de recherche n°\u00a0${stop.number}`;
  const said =
    stop.kind === 'withdrawn'
      ? stop.toClient
        ? `Nous avons bien reçu votre rétractation du mandat de recherche n°\u00a0${stop.number}. Elle est inscrite au registre des mandats\u00a0; aucune somme ne vous est due ni demandée.`
        : `${stop.who} s’est rétracté(e) du mandat de recherche n°\u00a0${stop.number}. La rétractation est inscrite au registre et le projet est revenu à l’étape «\u00a0En cours de validation\u00a0»\u00a0: les recherches s’arrêtent.`
      : `Le mandat de recherche n°\u00a0${stop.number} a pris fin à la demande de ${stop.who}. La fin est inscrite au registre des mandats et le projet est revenu à l’étape «\u00a0En cours de validation\u00a0»\u00a0: les recherches s’arrêtent.`;
  return render(to, subject, {
    greeting: firstname ? `Bonjour ${firstname},` : 'Bonjour,',
    paragraphs: [said],
    action: { label: stop.toClient ? 'Voir mon mandat' : 'Ouvrir la fiche', url: stop.url },
  });
}

/**
 * Issue 31: a new record still uncontacted — to its hunter at 24 h, to the managers at 40 h
 * (the promise to call back is 48 h). No personal data beyond the name: the fiche has the rest.
 */
export function contactReminderMail(
  to: string,
  reminder: {
    who: 'hunter' | 'managers';
    recordLabel: string;
    name: string;
    ficheUrl: string;
  },
): Mail {
  const hours = reminder.who === 'hunter' ? 24 : 40;
  return render(to, `À contacter\u00a0: ${reminder.name} (${reminder.recordLabel})`, {
    greeting: 'Bonjour,',
    paragraphs: [
      reminder.who === 'hunter'
        ? `${reminder.name} (${reminder.recordLabel}) attend votre appel depuis ${hours}\u00a0heures. Notre promesse est de rappeler sous 48\u00a0heures.`
        : `${reminder.name} (${reminder.recordLabel}) n’a toujours pas été contacté, ${hours}\u00a0heures après son arrivée. Il reste 8\u00a0heures pour tenir la promesse de rappel sous 48\u00a0heures.`,
    ],
    action: { label: 'Ouvrir la fiche', url: reminder.ficheUrl },
  });
}

/**
 * Issue 31: a new buyer whose search fits owner leads — to their hunter (the managers while
 * they have none). The places and prices of the leads; the fiche lists them with their reasons.
 */
export function matchingBuyerMail(
  to: string,
  match: { name: string; count: number; leads: readonly string[]; ficheUrl: string },
): Mail {
  const n = match.count;
  return render(
    to,
    `Nouvel acquéreur\u00a0: ${match.name}, ${n} bien${n > 1 ? 's' : ''} à lui proposer`,
    {
      greeting: 'Bonjour,',
      paragraphs: [
        `${match.name} vient de s’inscrire et sa recherche correspond à ${
          n > 1 ? `${n} biens de nos propriétaires` : 'un bien de nos propriétaires'
        }\u00a0: ${match.leads.join('\u202f; ')}${n > match.leads.length ? '…' : ''}.`,
        'Retrouvez-les sur sa fiche, avec les raisons du rapprochement.',
      ],
      action: { label: 'Ouvrir la fiche', url: match.ficheUrl },
    },
  );
}

/** What each flow's copy is, in the mail that carries its link (issue 33). */
const formCopyWhat: Record<FormCopyFlow, string> = {
  owner: 'la description de votre bien',
  buyer: 'votre inscription',
};

/**
 * Issue 33 (docs/form-copies.md): the link that opens a half-filled long form on another
 * device, to the address the person typed. Signed by the flow's brand (Chassimmo for both).
 * Nothing the person typed is echoed: the mail may go to any address.
 */
export function formCopyLinkMail(
  to: string,
  flow: FormCopyFlow,
  url: string,
  expiresAt: string,
): Mail {
  const what = formCopyWhat[flow];
  return render(to, `Reprenez ${what} sur un autre appareil`, {
    greeting: 'Bonjour,',
    paragraphs: [
      `Vous avez commencé ${what} sur le site de ${company.brand}. Ouvrez ce lien sur l’appareil de votre choix pour reprendre là où vous en étiez\u00a0: vos réponses vous y attendent.`,
    ],
    action: { label: 'Reprendre ma saisie', url },
    after: [
      `Ce lien est valable jusqu’au ${formatLongDate(expiresAt)}. Gardez-le pour vous, car il ouvre vos réponses.${
        flow === 'buyer'
          ? ' Votre mot de passe n’est jamais copié\u00a0: vous le saisirez à nouveau.'
          : ''
      }`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail.',
    ],
  });
}
