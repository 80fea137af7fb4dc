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

export const themeOf: Record<Brand, string> = { main: 'chassimmo', homestylz: 'homestylz' };

/** Contact page of each brand. */
export const contactPathOf: Record<Brand, string> = {
  main: '/contact',
  homestylz: '/homestylz/contact',
};
