import { useLocation } from 'wouter';
import { brandFor } from '../../../domain/brand';
import { company, fullAddress } from '../../../domain/company';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../../ui';
import { ContactForm } from '../components/contact-form';
import { Island } from '../../../lib/island';
import { PageHeader } from '../../../ui/page-blocks';

/** Contact page of both brands: /contact and /homestylz/contact (theme, e-mail, stored brand). */
export default function ContactPage() {
  const [location] = useLocation();
  const brand = brandFor(location);
  const email = brand === 'homestylz' ? company.homestylzEmail : company.email;
  return (
    <>
      {brand === 'homestylz' ? (
        <PageHeader
          eyebrow="Contact homestylz"
          title="Parlons de votre intérieur"
          lead="Home staging avant une vente, décoration, shooting photo ou offre professionnelle&nbsp;: décrivez votre bien et votre calendrier, une décoratrice vous répond sous 48 heures ouvrées avec une proposition chiffrée."
        />
      ) : (
        <PageHeader
          eyebrow="Contact"
          title="Parlons de votre projet"
          lead="Une question sur la recherche d’un bien, la vente, le home staging ou un partenariat&#x202f;? Écrivez-nous&nbsp;: un membre de l’équipe vous répond sous 48 heures ouvrées."
        />
      )}
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="mb-6 text-2xl font-semibold">
            Écrivez-nous
          </h2>
          <Island name="contact-form" of={ContactForm} props={{ brand }} hydrate="intent" />
        </section>
        <aside className="space-y-6" aria-labelledby="contact-direct-title">
          <h2 id="contact-direct-title" className="text-2xl font-semibold">
            Nous joindre directement
          </h2>
          <ul className="space-y-5">
            {[
              {
                icon: <PhoneIcon className="mt-1 shrink-0 text-xl text-primary" />,
                label: 'Téléphone',
                value: (
                  <a href={`tel:${company.phoneE164}`} className="link link-primary">
                    {company.phone}
                  </a>
                ),
              },
              {
                icon: <MailIcon className="mt-1 shrink-0 text-xl text-primary" />,
                label: 'E-mail',
                value: (
                  <a href={`mailto:${email}`} className="link link-primary">
                    {email}
                  </a>
                ),
              },
              {
                icon: <PinIcon className="mt-1 shrink-0 text-xl text-primary" />,
                label: 'Bureau (sur rendez-vous)',
                value: <p className="text-base-content/75">{fullAddress}</p>,
              },
              {
                icon: <ClockIcon className="mt-1 shrink-0 text-xl text-primary" />,
                label: 'Horaires',
                value: <p className="text-base-content/75">{company.openingHours}</p>,
              },
            ].map((way) => (
              <li key={way.label} className="flex gap-3">
                {way.icon}
                <div>
                  <p className="font-medium">{way.label}</p>
                  {way.value}
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
