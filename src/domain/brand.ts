/** The two brands of the site (spec 1): the property-hunting company and homestylz. */
export type Brand = 'main' | 'homestylz';

/** The homestylz variant applies when the address contains 'homestylz' (spec 2.1). */
export function brandFor(path: string): Brand {
  return path.includes('homestylz') ? 'homestylz' : 'main';
}

/** The header is transparent over the hero of the two home pages (spec 2.1). */
export function isTransparentHeader(path: string): boolean {
  return path === '/' || path === '/homestylz';
}

/**
 * The back office (issue 29): the client's and the staff's areas and the account settings. They
 * end with a compact footer, which also holds the help link: no floating help button there.
 */
export function isBackOffice(path: string): boolean {
  return /^\/(wh-dashboard|dashboard|parametres|espace-client)(\/|$)/.test(path);
}

export const themeOf: Record<Brand, string> = { main: 'chassimmo', homestylz: 'homestylz' };

/** Contact page of each brand. */
export const contactPathOf: Record<Brand, string> = {
  main: '/contact',
  homestylz: '/homestylz/contact',
};
