/**
 * The company's resource sites (the menu's « Ressources »), apart from ./company.ts so that the
 * menu, in every page's first download, does not carry the whole company record (issue 27).
 */
export const resources = {
  blog: 'https://blog.chassimmo.fr',
  guides: 'https://guides.chassimmo.fr',
} as const;
