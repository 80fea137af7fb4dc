import { contactPathOf, type Brand } from '../../domain/brand';
import { resources } from '../../domain/resources';

/** A menu entry (spec 2.2). `path` is an app route, `href` an external address. */
export interface MenuItem {
  id: string;
  title: string;
  path?: string;
  href?: string;
  fragment?: string;
  disabled?: boolean;
  visible?: boolean;
  /** Short note shown with a disabled entry. */
  note?: string;
  children?: MenuItem[];
}

export const mainMenu: MenuItem[] = [
  { id: 'services', title: 'Services', path: '/services' },
  { id: 'tarifs', title: 'Tarifs', path: '/tarifs', fragment: 'tarifs' },
  {
    id: 'decouvrir',
    title: 'Découvrir',
    children: [
      { id: 'notre-projet', title: 'Notre projet', path: '/information-entreprise' },
      { id: 'nous-rejoindre', title: 'Devenir chasseur', path: '/nous-rejoindre' },
      { id: 'partenariat', title: 'Devenir partenaire', path: '/partenariat' },
      { id: 'proprietaire', title: 'Propriétaire vendeur', path: '/questions-proprietaire' },
      { id: 'contact', title: 'Contact', path: '/contact' },
    ],
  },
  {
    id: 'ressources',
    title: 'Ressources',
    disabled: true,
    note: 'Bientôt',
    children: [
      { id: 'blog', title: 'Blog', href: resources.blog },
      { id: 'guides', title: 'Guides', href: resources.guides },
    ],
  },
  { id: 'autre-marque', title: 'homestylz', path: '/homestylz' },
];

export const homestylzMenu: MenuItem[] = [
  { id: 'services', title: 'Services', path: '/homestylz/services' },
  { id: 'tarifs', title: 'Tarifs', path: '/homestylz/services', fragment: 'tarifs' },
  {
    id: 'inspirations',
    title: 'Inspirations',
    path: '/homestylz/inspirations',
    disabled: true,
    note: 'Bientôt',
  },
  {
    id: 'realisations',
    title: 'Réalisations',
    path: '/homestylz/realisations',
    disabled: true,
    note: 'Bientôt',
  },
  { id: 'pro', title: 'Professionnels', path: '/homestylz/pro' },
  { id: 'autre-marque', title: 'Chassimmo', path: '/' },
];

/** Each brand's call to action, beside the menu (signed out) and in the footer. */
export const ctaOf: Record<Brand, { title: string; path: string }> = {
  main: { title: 'Décrire mon projet', path: '/signup' },
  homestylz: { title: 'Demander un devis', path: contactPathOf.homestylz },
};

export function menuFor(brand: Brand): MenuItem[] {
  return (brand === 'homestylz' ? homestylzMenu : mainMenu).filter(
    (item) => item.visible !== false,
  );
}

/** Where an entry leads: its route with its fragment, or its external address. */
export function targetOf(item: MenuItem): string | undefined {
  if (item.path) return item.fragment ? `${item.path}#${item.fragment}` : item.path;
  return item.href;
}
