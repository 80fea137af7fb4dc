import { icon } from './icon';

/**
 * Icons of the account screens. Kept out of ui/index.ts on purpose: that index is in the home
 * page's bundle, these are only needed by pages loaded on demand.
 */
export const EyeIcon = icon(
  'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z',
  <circle cx="12" cy="12" r="3" />,
);
export const EyeOffIcon = icon(
  'M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.4M6.3 6.3C3.6 8 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.7-1.8',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18',
);
export const AlertIcon = icon(<circle cx="12" cy="12" r="9" />, 'M12 7.5v5.5M12 16.5v.01');
export const UserIcon = icon(<circle cx="12" cy="8" r="4" />, 'M4 21a8 8 0 0 1 16 0');
export const LockIcon = icon(
  <rect x="4" y="10" width="16" height="11" rx="2" />,
  'M8 10V7a4 4 0 0 1 8 0v3',
);
