import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CloseIcon, ExternalIcon, MenuIcon } from '../../ui/shell-icons';
import { Logo } from '../../ui/logo';
import { brandFor, isTransparentHeader, type Brand } from '../../domain/brand';
import { useSessionAfterMount } from '../../features/auth';
import { openBasket } from '../../features/shop';
import { CartButton } from './cart-button';
import { shellContainer } from './container';
import { DropdownToggle, popoverPanelClass } from './dropdown';
import { ctaOf, menuFor, targetOf, type MenuItem } from './menu';

/**
 * The classes of a ghost button of the bar over the dark hero of the two home pages: a ghost
 * button draws in the theme's dark ink, which the transparent header would put on navy.
 */
const onHero = (transparent: boolean) => (transparent ? 'text-white hover:bg-white/15' : '');

/** openId of the desktop user menu: one dropdown open at a time, menu entries included. */
const USER_MENU_ID = 'compte';

/**
 * Keeps Tab and Shift+Tab inside the open mobile menu: its close button, then the panel's links
 * and buttons that are shown (a closed group's links are hidden), round and round.
 */
function trapTab(event: KeyboardEvent, closeButton: HTMLElement, panel: HTMLElement) {
  const stops = [closeButton, ...panel.querySelectorAll<HTMLElement>('a[href],button')].filter(
    (el) => el.getClientRects().length > 0,
  );
  const last = stops[stops.length - 1] ?? closeButton;
  const active = document.activeElement as HTMLElement;
  if (active === (event.shiftKey ? closeButton : last) || !stops.includes(active)) {
    event.preventDefault();
    (event.shiftKey ? last : closeButton).focus();
  }
}

const AccountMenu = lazy(() => import('./account-menu'));

/**
 * Site header (spec 2.2): menu of the current brand, one dropdown open at a time, a collapsible
 * panel on small screens. Transparent over the two home heroes until the page scrolls.
 */
export function Header({ menu }: { menu?: MenuItem[] } = {}) {
  const [location] = useLocation();
  const brand = brandFor(location);
  const items = menu ?? menuFor(brand);
  const [openId, setOpenId] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Any navigation closes every menu (state adjusted during render, not in an effect).
  const [menusLocation, setMenusLocation] = useState(location);
  if (menusLocation !== location) {
    setMenusLocation(location);
    setOpenId(null);
    setMobileOpen(false);
  }

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 24);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The button that opened the current dropdown (desktop or mobile), to give focus back to.
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const closeDropdown = useCallback((restoreFocus: boolean) => {
    if (restoreFocus) openerRef.current?.focus();
    setOpenId(null);
  }, []);

  useEffect(() => {
    if (!openId && !mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      // The open mobile menu holds the focus until it closes (Escape or its button).
      if (e.key === 'Tab' && mobileOpen && burgerRef.current && panelRef.current) {
        trapTab(e, burgerRef.current, panelRef.current);
      }
      if (e.key !== 'Escape') return;
      if (mobileOpen) {
        // The whole mobile menu closes, an open group with it, and the menu button gets focus.
        setMobileOpen(false);
        setOpenId(null);
        burgerRef.current?.focus();
      } else if (openId) closeDropdown(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) {
        setOpenId(null);
        setMobileOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [openId, mobileOpen, closeDropdown]);

  const transparent = isTransparentHeader(location) && !scrolled && !mobileOpen;
  const toggle = (id: string, opener: HTMLButtonElement) => {
    openerRef.current = opener;
    setOpenId((current) => (current === id ? null : id));
  };

  return (
    <header
      ref={headerRef}
      data-brand={brand}
      data-transparent={transparent}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-200 ${
        transparent
          ? 'bg-transparent text-white'
          : 'border-b border-base-300 bg-base-100/95 text-base-content shadow-sm backdrop-blur'
      }`}
    >
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-base-100 focus:px-4 focus:py-2 focus:text-base-content"
      >
        Aller au contenu
      </a>
      <div className={`${shellContainer} flex h-16 items-center gap-4 xl:h-20 xl:gap-3`}>
        <Link
          href={brand === 'homestylz' ? '/homestylz' : '/'}
          className="shrink-0"
          aria-label={brand === 'homestylz' ? 'homestylz, accueil' : 'Chassimmo, accueil'}
        >
          <Logo brand={brand} inverted={transparent} />
        </Link>

        <nav aria-label="Menu principal" className="ml-2 hidden flex-1 xl:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.id} className="relative">
                <MenuEntry
                  item={item}
                  brand={brand}
                  mobile={false}
                  open={openId === item.id}
                  onToggle={(opener) => toggle(item.id, opener)}
                  current={location}
                />
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden shrink-0 items-center gap-2 xl:flex">
          <AccountActions
            brand={brand}
            transparent={transparent}
            menuOpen={openId === USER_MENU_ID}
            onToggleMenu={(opener) => toggle(USER_MENU_ID, opener)}
          />
        </div>

        {/* The basket (spec 2.2): beside the menu button on phones, at the end of the desktop bar. */}
        <CartButton onOpen={openBasket} className={`ml-auto xl:ml-0 ${onHero(transparent)}`} />
        {/* Light over the dark hero like the basket beside it (WCAG 1.4.11, icon-contrast.spec.ts). */}
        <button
          ref={burgerRef}
          type="button"
          className={`btn btn-ghost btn-square text-2xl xl:hidden ${onHero(transparent)}`}
          aria-expanded={mobileOpen}
          aria-controls={panelId}
          aria-label={mobileOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
          onClick={() => {
            setMobileOpen((v) => !v);
            setOpenId(null);
          }}
        >
          {mobileOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>

      <div
        ref={panelRef}
        id={panelId}
        data-testid="mobile-panel"
        hidden={!mobileOpen}
        className="max-h-[calc(100dvh-4rem-var(--cookie-banner-h,0px))] overflow-y-auto border-t border-base-300 bg-base-100 text-base-content xl:hidden"
      >
        <nav aria-label="Menu mobile" className={`${shellContainer} py-4`}>
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.id}>
                <MenuEntry
                  item={item}
                  brand={brand}
                  mobile
                  open={openId === item.id}
                  onToggle={(opener) => toggle(item.id, opener)}
                  current={location}
                />
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-2 border-t border-base-300 pt-4">
            <AccountActions brand={brand} transparent={false} stacked />
          </div>
        </nav>
      </div>
    </header>
  );
}

/**
 * Spec 2.2: anonymous visitors get 'Se connecter' and the brand's call to action: 'Décrire mon
 * projet' (the buyer signup) for Chassimmo, 'Demander un devis' (the homestylz contact page, which
 * answers with a quote) for homestylz, as in its footer and hero. Signed-in people get 'Mon Espace'
 * and 'Se déconnecter' (./account-menu.tsx, downloaded only for them). The prerendered HTML is
 * signed out; the real session shows once the page is live.
 */
function AccountActions(props: {
  brand: Brand;
  transparent: boolean;
  stacked?: boolean;
  menuOpen?: boolean;
  onToggleMenu?: (opener: HTMLButtonElement) => void;
}) {
  const { brand, transparent, stacked = false } = props;
  const { user } = useSessionAfterMount();
  if (user) {
    return (
      <Suspense fallback={null}>
        <AccountMenu {...props} dropdownId={USER_MENU_ID} />
      </Suspense>
    );
  }
  const cta = ctaOf[brand];
  return (
    <>
      <Link
        href="/signin"
        className={`btn ${stacked ? 'btn-outline btn-block' : 'btn-ghost'} ${onHero(transparent)}`}
      >
        Se connecter
      </Link>
      <Link
        href={cta.path}
        className={`btn btn-primary ${stacked ? 'btn-block' : ''} ${transparent ? 'border-white/0' : ''}`}
      >
        {cta.title}
      </Link>
    </>
  );
}

function isCurrent(item: MenuItem, current: string): boolean {
  return !!item.path && item.path === current && !item.fragment;
}

function DisabledEntry({ item, className }: { item: MenuItem; className: string }) {
  return (
    <span
      aria-disabled="true"
      className={`${className} cursor-not-allowed opacity-55`}
      title="Bientôt disponible"
    >
      {item.title}
      {item.note ? (
        <span className="badge badge-sm badge-ghost ml-1.5 font-normal">{item.note}</span>
      ) : null}
    </span>
  );
}

function EntryLink({
  item,
  className,
  current,
}: {
  item: MenuItem;
  className: string;
  current: string;
}) {
  const target = targetOf(item) ?? '/';
  if (item.href) {
    return (
      <a href={target} className={className} target="_blank" rel="noopener noreferrer">
        {item.title}
        <ExternalIcon className="ml-1 text-xs opacity-70" />
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
    );
  }
  return (
    <Link
      href={target}
      className={className}
      aria-current={isCurrent(item, current) ? 'page' : undefined}
    >
      {item.title}
    </Link>
  );
}

const desktopEntryClass =
  'inline-flex items-center whitespace-nowrap rounded-field px-1.5 py-2 text-[0.95rem] font-medium hover:bg-base-content/10 focus-visible:outline-2 focus-visible:outline-offset-2';
const mobileEntryClass =
  'flex w-full items-center rounded-field px-3 py-3 text-base font-medium hover:bg-base-200';

/**
 * An entry of the menu, in the desktop bar or in the mobile panel (`mobile`): a link, or a group
 * whose button opens its links (a card under the bar, a list in the panel).
 */
function MenuEntry({
  item,
  brand,
  mobile,
  open,
  onToggle,
  current,
}: {
  item: MenuItem;
  brand: Brand;
  mobile: boolean;
  open: boolean;
  onToggle: (opener: HTMLButtonElement) => void;
  current: string;
}) {
  const panelId = useId();
  const base = mobile ? mobileEntryClass : desktopEntryClass;
  /** The entry's link, or in its place, while it is disabled, its title greyed out. */
  const entry = (entryItem: MenuItem, disabledClass: string, linkClass: string) =>
    entryItem.disabled ? (
      <DisabledEntry item={entryItem} className={disabledClass} />
    ) : (
      <EntryLink item={entryItem} current={current} className={linkClass} />
    );
  if (item.disabled || !item.children) {
    const brandSwitch = item.id === 'autre-marque';
    return entry(
      item,
      base,
      mobile
        ? `${base} aria-[current=page]:text-primary`
        : `${base} ${brandSwitch ? (brand === 'main' ? 'font-display italic' : '') : ''} aria-[current=page]:underline aria-[current=page]:underline-offset-8`,
    );
  }
  const links = item.children
    .filter((c) => c.visible !== false)
    .map((child) => (
      <li key={child.id}>
        {entry(
          child,
          mobile ? 'flex px-3 py-2.5' : 'flex rounded-field px-3 py-2',
          mobile
            ? 'flex rounded-field px-3 py-2.5 hover:bg-base-200 aria-[current=page]:text-primary'
            : 'flex rounded-field px-3 py-2 hover:bg-base-200 aria-[current=page]:font-semibold aria-[current=page]:text-primary',
        )}
      </li>
    ));
  return (
    <>
      <DropdownToggle
        data-dropdown={item.id}
        className={`${base} ${mobile ? 'justify-between' : 'gap-1'}`}
        aria-controls={panelId}
        open={open}
        onToggle={onToggle}
      >
        {item.title}
      </DropdownToggle>
      {mobile ? (
        <ul id={panelId} hidden={!open} className="mb-2 ml-3 border-l-2 border-base-300 pl-2">
          {links}
        </ul>
      ) : (
        <ul id={panelId} data-open={open} className={`${popoverPanelClass} left-0`}>
          {links}
        </ul>
      )}
    </>
  );
}
