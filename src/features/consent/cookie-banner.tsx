import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { chooseConsent, initConsent, useConsent } from './consent.store';
import { loadConsentedScripts } from './third-party';

/**
 * CNIL-compliant cookie banner: 'Accepter' and 'Refuser' side by side with the same weight, no
 * pre-ticked choice, nothing optional loads before a yes, and the choice can be changed later.
 */
export function CookieBanner() {
  const { choice, bannerOpen } = useConsent();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    initConsent();
  }, []);

  useEffect(() => {
    if (choice === 'accepted') loadConsentedScripts();
  }, [choice]);

  if (!bannerOpen) return null;
  return (
    <section
      role="region"
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-box border border-base-300 bg-base-100 p-5 text-base-content shadow-2xl animate-page sm:inset-x-6 sm:bottom-6"
    >
      <h2 id="cookie-banner-title" ref={titleRef} className="font-sans text-base font-semibold">
        Vos choix en matière de cookies
      </h2>
      <p className="mt-2 text-sm text-base-content/80">
        Nous utilisons des cookies de mesure d’audience pour améliorer le site, uniquement avec
        votre accord. Les cookies nécessaires au fonctionnement du site (session, panier) ne
        demandent pas de consentement. Vous pouvez changer d’avis à tout moment depuis le lien «
        Gestion des cookies » en bas de page.{' '}
        <Link href="/aide/politique-confidentialite" className="link">
          En savoir plus
        </Link>
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:justify-end">
        <button
          type="button"
          className="btn btn-primary sm:min-w-36"
          onClick={() => chooseConsent('refused')}
        >
          Refuser
        </button>
        <button
          type="button"
          className="btn btn-primary sm:min-w-36"
          onClick={() => chooseConsent('accepted')}
        >
          Accepter
        </button>
      </div>
    </section>
  );
}
