import { Link, useLocation } from 'wouter';
import { company, fullAddress } from '../../domain/company';
import { CookieSettingsButton } from '../../features/consent/cookie-settings-button';
import { Island } from '../../lib/island';
import {
  ClockIcon,
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  TiktokIcon,
} from '../../ui/shell-icons';
import { Logo } from '../../ui/logo';
import { brandFor, isBackOffice, type Brand } from '../../domain/brand';
import { shellContainer } from './container';
import { ctaOf } from './menu';

interface FooterLink {
  title: string;
  path: string;
  /** Shown in one variant only (spec 2.3). */
  only?: Brand;
}

const usefulLinks: FooterLink[] = [
  { title: 'Nos services', path: '/services', only: 'main' },
  { title: 'Tarifs et barème d’honoraires', path: '/tarifs#tarifs', only: 'main' },
  { title: 'Propriétaire vendeur', path: '/questions-proprietaire', only: 'main' },
  { title: 'Décrire mon projet d’achat', path: '/signup', only: 'main' },
  { title: 'Services home staging', path: '/homestylz/services', only: 'homestylz' },
  { title: 'Tarifs homestylz', path: '/homestylz/services#tarifs', only: 'homestylz' },
  { title: 'Offre professionnels', path: '/homestylz/pro', only: 'homestylz' },
  { title: 'Home staging avec homestylz', path: '/homestylz', only: 'main' },
  { title: 'Chasseur immobilier Chassimmo', path: '/', only: 'homestylz' },
];

const aboutLinks: FooterLink[] = [
  { title: 'Notre projet', path: '/information-entreprise' },
  { title: 'Devenir chasseur immobilier', path: '/nous-rejoindre' },
  { title: 'Devenir partenaire', path: '/partenariat' },
  { title: 'Nous contacter', path: '/contact', only: 'main' },
  { title: 'Nous contacter', path: '/homestylz/contact', only: 'homestylz' },
];

const helpLinks: FooterLink[] = [
  { title: 'FAQ', path: '/aide/faq' },
  { title: 'Conditions générales', path: '/aide/conditions-generales' },
  {
    title: 'Conditions générales de vente homestylz',
    path: '/homestylz/conditions-generales-de-vente',
    only: 'homestylz',
  },
  { title: 'Mentions légales', path: '/aide/mentions-legales' },
  { title: 'Politique de confidentialité', path: '/aide/politique-confidentialite' },
];

function LinkList({ links, brand }: { links: FooterLink[]; brand: Brand }) {
  return (
    <ul className="space-y-2.5">
      {links
        .filter((l) => !l.only || l.only === brand)
        .map((l) => (
          <li key={l.path + l.title}>
            <Link href={l.path} className="link-hover opacity-85 hover:opacity-100">
              {l.title}
            </Link>
          </li>
        ))}
    </ul>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <h2 className="mb-4 font-sans text-xs font-bold tracking-[0.18em] opacity-70">{children}</h2>
  );
}

/**
 * The back office's footer (issue 29): one line under the client's and the staff's screens, the
 * company, the legal pages, the cookie choice and the help link (the floating help button is not
 * shown there: src/features/support/help-widget.tsx).
 */
function CompactFooter() {
  const links = [
    ...helpLinks.filter((l) => l.path !== '/aide/faq' && !l.only),
    { title: 'Besoin d’aide\u202f?', path: '/contact' },
  ];
  return (
    <footer className="bg-neutral text-neutral-content" data-testid="compact-footer">
      <div className={`${shellContainer} flex flex-wrap items-center gap-x-5 gap-y-2 py-4 text-sm`}>
        <p className="opacity-85">© 2023 {company.brand}</p>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {links.map((l) => (
            <li key={l.path}>
              <Link href={l.path} className="link-hover opacity-85 hover:opacity-100">
                {l.title}
              </Link>
            </li>
          ))}
          <li>
            {/* Never prerendered (guarded screens): the button renders in place. */}
            <CookieSettingsButton className="link-hover text-left opacity-85 hover:opacity-100" />
          </li>
        </ul>
      </div>
    </footer>
  );
}

/**
 * Site footer (spec 2.3), in the variant of the current brand; in the back office, a compact one
 * (the spec's header and menu stay).
 */
export function Footer() {
  const [location] = useLocation();
  if (isBackOffice(location)) return <CompactFooter />;
  const brand = brandFor(location);
  const social = [
    { label: 'Facebook', href: company.social.facebook, Icon: FacebookIcon },
    {
      label: 'Instagram',
      href: brand === 'homestylz' ? company.social.homestylzInstagram : company.social.instagram,
      Icon: InstagramIcon,
    },
    { label: 'LinkedIn', href: company.social.linkedin, Icon: LinkedinIcon },
    { label: 'TikTok', href: company.social.tiktok, Icon: TiktokIcon },
  ];
  const cta = ctaOf[brand];

  return (
    <footer data-brand={brand} className="bg-neutral text-neutral-content">
      <div className={`${shellContainer} py-14`}>
        <div className="flex flex-col gap-8 border-b border-neutral-content/15 pb-10 md:flex-row md:items-center md:justify-between">
          <div>
            <Link
              href={brand === 'homestylz' ? '/homestylz' : '/'}
              aria-label={brand === 'homestylz' ? 'homestylz, accueil' : 'Chassimmo, accueil'}
              data-testid="footer-logo"
            >
              <Logo brand={brand} inverted />
            </Link>
            <p className="mt-3 max-w-sm text-sm opacity-75">
              {brand === 'homestylz'
                ? 'Home staging, décoration et mise en valeur de biens immobiliers en Île-de-France.'
                : 'Chasseur immobilier à Paris et en petite couronne\u00a0: nous trouvons, visitons et négocions pour vous.'}
            </p>
            <ul className="mt-5 flex gap-2" aria-label="Réseaux sociaux">
              {social.map(({ label, href, Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    className="btn btn-circle btn-ghost btn-sm text-xl text-neutral-content hover:bg-neutral-content/15"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${label} (nouvel onglet)`}
                  >
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a
              href={`tel:${company.phoneE164}`}
              className="btn btn-outline border-neutral-content/40 text-neutral-content hover:bg-neutral-content hover:text-neutral"
            >
              <PhoneIcon /> Appelez-nous au {company.phone}
            </a>
            <Link href={cta.path} className="btn btn-secondary">
              {cta.title}
            </Link>
          </div>
        </div>

        <div className="grid gap-10 pt-10 sm:grid-cols-2 lg:grid-cols-4">
          <section>
            <Heading>INFORMATIONS</Heading>
            <ul className="space-y-3 text-sm opacity-85">
              <li className="flex gap-2">
                <PinIcon className="mt-0.5 shrink-0" /> {fullAddress}
              </li>
              <li className="flex gap-2">
                <MailIcon className="mt-0.5 shrink-0" />
                <a
                  className="link-hover"
                  href={`mailto:${brand === 'homestylz' ? company.homestylzEmail : company.email}`}
                >
                  {brand === 'homestylz' ? company.homestylzEmail : company.email}
                </a>
              </li>
              <li className="flex gap-2">
                <ClockIcon className="mt-0.5 shrink-0" /> {company.openingHours}
              </li>
            </ul>
          </section>
          <section>
            <Heading>LIENS UTILES</Heading>
            <LinkList links={usefulLinks} brand={brand} />
          </section>
          <section>
            <Heading>A PROPOS</Heading>
            <LinkList links={aboutLinks} brand={brand} />
            <Island
              name="cookie-settings"
              of={CookieSettingsButton}
              props={{ className: 'link-hover mt-2.5 text-left opacity-85 hover:opacity-100' }}
            />
          </section>
          <section>
            <Heading>AIDE</Heading>
            <LinkList links={helpLinks} brand={brand} />
          </section>
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-neutral-content/15 pt-6 text-xs opacity-70 sm:flex-row sm:justify-between">
          <p>
            © 2023 {company.brand}
            {brand === 'homestylz' ? ' · homestylz' : ''}. Tous droits réservés.
          </p>
          <p>
            Carte professionnelle {company.professionalCard.number} délivrée par la{' '}
            {company.professionalCard.issuer}.
          </p>
        </div>
      </div>
    </footer>
  );
}
