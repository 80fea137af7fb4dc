import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { ConsentChoice } from './consent-storage';
import { chooseConsent, initConsent, useConsent } from './consent.store';
import { clearBannerSpace, publishBannerSpace } from './banner-space';

/** The shell's main content (the skip link's target): focus goes there when nothing else fits. */
const MAIN_ID = 'contenu';

/** The two answers, side by side and alike (CNIL): refusing is as easy as accepting. */
const answers: [ConsentChoice, string][] = [
  ['refused', 'Refuser'],
  ['accepted', 'Accepter'],
];

/** A place focus can go back to: still in the page and shown. */
function canTakeFocus(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    element.getClientRects().length > 0
  );
}

/**
 * CNIL-compliant cookie banner: 'Accepter' and 'Refuser' side by side with the same weight, no
 * pre-ticked choice, nothing optional loads before a yes, and the choice can be changed later.
 *
 * Rendered first in the page (the shell puts it before the header), so the keyboard reaches it
 * first, but it never takes focus by itself on load. A compact sheet at the bottom of the window,
 * drawn last in the shell (`order-last`) and sticky: it takes its own room after the end of the
 * page, from the HTML alone, so it covers nothing for good without a script measuring it (issue
 * 27). Its height is published once live as --cookie-banner-h (the header's panel stops above it)
 * and as the page's scroll padding (the browser keeps focused elements above it). After a choice, focus
 * goes back where it was (the 'Gestion des cookies' button that reopened it, the element the
 * person came from) or to the main content, never to nowhere.
 */
export function CookieBanner() {
  const { bannerOpen, openRequests } = useConsent();
  const sectionRef = useRef<HTMLElement>(null);
  /** Where focus goes back after the choice. */
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    initConsent();
  }, []);

  // Asked for by a person ('Gestion des cookies'): the banner takes focus (and onFocus below
  // remembers where from, to give it back).
  useEffect(() => {
    if (openRequests > 0) sectionRef.current?.focus();
  }, [openRequests]);

  useEffect(() => {
    const section = sectionRef.current;
    if (!bannerOpen || !section) return;
    const stop = publishBannerSpace(section);
    return () => {
      stop();
      clearBannerSpace();
    };
  }, [bannerOpen]);

  if (!bannerOpen) return null;

  const choose = (next: ConsentChoice) => {
    const active = document.activeElement;
    if (!active || active === document.body || sectionRef.current?.contains(active)) {
      const back = returnTo.current;
      if (canTakeFocus(back)) back.focus();
      else document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    }
    returnTo.current = null;
    chooseConsent(next);
  };

  return (
    <section
      ref={sectionRef}
      role="region"
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      tabIndex={-1}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (canTakeFocus(from) && !event.currentTarget.contains(from)) returnTo.current = from;
      }}
      className="sticky bottom-0 z-50 order-last rounded-t-box border-t border-base-300 bg-base-100 pb-[env(safe-area-inset-bottom)] text-base-content shadow-2xl outline-none animate-page md:rounded-none"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 md:flex-row md:items-center md:gap-8 md:py-4">
        <div className="md:flex-1">
          <h2 id="cookie-banner-title" className="font-sans text-sm font-semibold">
            Vos choix en matière de cookies
          </h2>
          <p className="mt-1 text-sm text-base-content/80">
            Nous mesurons l’audience du site uniquement avec votre accord. Vous pourrez changer
            d’avis à tout moment («&nbsp;Gestion des cookies&nbsp;», en bas de page).{' '}
            <Link href="/aide/politique-confidentialite" className="link">
              En savoir plus
            </Link>
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex md:shrink-0">
          {answers.map(([answer, label]) => (
            <button
              key={answer}
              type="button"
              className="btn btn-primary md:min-w-36"
              onClick={() => choose(answer)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
