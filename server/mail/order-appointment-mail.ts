import { company } from '../../src/domain/company';
import type { OrderAddress } from '../../src/domain/api/orders';
import { formatParisDateTime } from '../../src/domain/paris-time';
import type { MailAttachment, MailWithFiles } from './mail-queue';
import { render } from './templates';

/**
 * To the client, when the homestylz team sets or moves the decorator's appointment (issue 32):
 * the moment in Paris time, the decorator's first name, the address, and the appointment as an
 * `.ics` file for their calendar. Signed « L’équipe homestylz ».
 */
export function orderAppointmentMail(
  to: string,
  order: { number: string | null; address: OrderAddress | null },
  appointment: { start: string; decoratorFirstname: string | null; moved: boolean },
  calendar: string,
): MailWithFiles {
  const when = formatParisDateTime(appointment.start);
  const where = order.address
    ? `${order.address.street}, ${order.address.postcode} ${order.address.city}`
    : null;
  const reference = order.number ?? 'homestylz';
  const file: MailAttachment = {
    filename: `rendez-vous-${reference}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: calendar,
  };
  const mail = render(
    to,
    appointment.moved
      ? `Votre rendez-vous homestylz est déplacé au ${when}`
      : `Votre rendez-vous homestylz\u00a0: ${when}`,
    {
      greeting: 'Bonjour,',
      paragraphs: [
        appointment.moved
          ? `Le rendez-vous de votre commande ${reference} est déplacé. Nouvelle date\u00a0: ${when}.`
          : `Le rendez-vous de votre commande ${reference} est fixé au ${when}.`,
        appointment.decoratorFirstname
          ? `Votre décoratrice, ${appointment.decoratorFirstname}, viendra ${where ? `au ${where}` : 'chez vous'}.`
          : `Votre décoratrice viendra ${where ? `au ${where}` : 'chez vous'}.`,
        'Le rendez-vous est joint à cet e-mail (fichier .ics)\u00a0: ouvrez-le pour l’ajouter à votre agenda.',
        `Un empêchement\u202f? Appelez-nous au ${company.phone} ou écrivez à ${company.homestylzEmail}.`,
      ],
    },
    { brand: 'homestylz' },
  );
  return { ...mail, attachments: [file] };
}
