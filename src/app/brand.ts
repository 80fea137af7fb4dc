import type { Brand } from '../ui';

/** The homestylz variant applies when the address contains 'homestylz' (spec 2.1). */
export function brandFor(path: string): Brand {
  return path.includes('homestylz') ? 'homestylz' : 'main';
}

/** The header is transparent over the hero of the two home pages (spec 2.1). */
export function isTransparentHeader(path: string): boolean {
  return path === '/' || path === '/homestylz';
}

export const themeOf: Record<Brand, string> = { main: 'chassimmo', homestylz: 'homestylz' };
