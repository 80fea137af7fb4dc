import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import { offlineSince } from '../../../db/use-cached-api';
import { telHref } from '../../../domain/phone';
import { LoadGate } from '../../../ui/load-gate';
import { useStaffApi } from '../staff-api';
import { fullName } from '../../../domain/person-name';
import { AssignControl } from './assign-control';
import { CallButton } from './call-button';
import { StaffFrame } from './staff-frame';

/** Offline, a fiche never read on this device (issue 29: the assigned ones are kept ahead). */
export const FICHE_NOT_KEPT =
  'Cette fiche n’est pas encore enregistrée sur cet appareil. Elle s’affichera dès le retour du réseau.';

/**
 * A record's fiche (buyer, owner): GET `path`, titled with the person's name once read, with
 * « Appeler » when they have a phone, a link back to the list, the kept answer's date offline;
 * `children` lays out the record (its main column then its aside, side by side on a wide
 * screen) and may read it again (`reload`).
 */
export function FicheScreen<T>({
  path,
  person,
  untitled,
  back,
  children,
}: {
  path: string;
  /**
   * Whose record it is: the title once read (« Élodie Martin »), and their phone for the
   * « Appeler » button beside it.
   */
  person: (record: T) => { firstname: string; lastname: string; phone?: string | null };
  /** The title before (« Fiche acquéreur »). */
  untitled: string;
  back: { href: string; label: string };
  children: (record: T, reload: () => void) => ReactNode;
}) {
  const [load, reload] = useStaffApi<T>(path);
  const named = load.status === 'ready' ? person(load.data) : null;
  return (
    <StaffFrame
      title={named ? fullName(named) : untitled}
      actions={named?.phone ? <CallButton phone={named.phone} /> : undefined}
      lead={
        <Link href={back.href} className="link">
          {`← ${back.label}`}
        </Link>
      }
      updatedAt={offlineSince(load)}
    >
      <LoadGate
        load={
          load.status === 'failed' && load.offline ? { ...load, message: FICHE_NOT_KEPT } : load
        }
        loading="Chargement de la fiche…"
      >
        {(record) => (
          <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">{children(record, reload)}</div>
        )}
      </LoadGate>
    </StaffFrame>
  );
}

/** A block of a fiche: a bordered section named by its heading (h2, large or small). */
export function FicheCard({
  id,
  title,
  small = false,
  children,
}: {
  id: string;
  title: ReactNode;
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 p-5">
      <h2 id={id} className={small ? 'text-lg font-semibold' : 'text-xl font-semibold'}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** « Coordonnées »: the phone and the e-mail, each a link; `children` above them (a badge). */
export function ContactCard({
  phone,
  email,
  children,
}: {
  phone: string;
  email: string;
  children?: ReactNode;
}) {
  return (
    <FicheCard id="contact-title" title="Coordonnées" small>
      {children}
      <ul className="mt-3 space-y-2">
        {phone.trim() ? (
          <li>
            <a href={telHref(phone)} className="link link-primary">
              {phone}
            </a>
          </li>
        ) : null}
        {email.trim() ? (
          <li className="break-all">
            <a href={`mailto:${email}`} className="link link-primary">
              {email}
            </a>
          </li>
        ) : null}
        {!phone.trim() && !email.trim() ? (
          <li className="text-base-content/75">Coordonnées effacées.</li>
        ) : null}
      </ul>
    </FicheCard>
  );
}

/**
 * « Chasseur »: who has the record (`children`) and, for supervisors (`assign`), the control that
 * gives it to another, on the record's version.
 */
export function HunterCard({
  assign,
  children,
}: {
  assign: ComponentProps<typeof AssignControl> | null;
  children: ReactNode;
}) {
  return (
    <FicheCard id="hunter-title" title="Chasseur" small>
      {children}
      {assign ? <AssignControl {...assign} /> : null}
    </FicheCard>
  );
}
