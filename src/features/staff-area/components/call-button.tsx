import { formatPhone, telHref } from '../../../domain/phone';
import { PhoneIcon } from '../../../ui/shell-icons';

/**
 * « Appeler »: the person's phone as a button a thumb can press (a tel: link), on every fiche and
 * on each card of the lists on a phone. `numberShown` writes the number on the button (the
 * cards), otherwise it is read out only (« Appeler le 06 12 34 56 78 »). Nothing without a number.
 */
export function CallButton({
  phone,
  numberShown = false,
  className = 'btn-primary',
}: {
  phone: string | null | undefined;
  numberShown?: boolean;
  className?: string;
}) {
  if (!phone?.trim()) return null;
  const number = formatPhone(phone);
  return (
    <a href={telHref(phone)} className={`btn gap-2 ${className}`} data-testid="call-button">
      <PhoneIcon className="shrink-0 text-lg" />
      {numberShown ? (
        <span>
          <span className="sr-only">Appeler le </span>
          {number}
        </span>
      ) : (
        <span>
          Appeler<span className="sr-only"> le {number}</span>
        </span>
      )}
    </a>
  );
}
