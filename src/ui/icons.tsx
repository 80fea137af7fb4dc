import { icon } from './icon';

/** Every icon: the shell's own plus those only pages use (kept out of the first download). */
export * from './shell-icons';

export const ArrowRightIcon = icon('M5 12h14M13 6l6 6-6 6');
export const CheckIcon = icon('M5 12.5l4.5 4.5L19 7.5');
export const SearchIcon = icon(<circle cx="11" cy="11" r="6.5" />, 'M20 20l-4.2-4.2');
export const KeyIcon = icon(<circle cx="8" cy="15" r="4" />, 'M11 12l8-8M16 7l2 2M14 9l2 2');
export const HomeIcon = icon('M4 11l8-7 8 7v8a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z');
export const ShieldIcon = icon('M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z', 'M9 12l2 2 4-4');
export const HandshakeIcon = icon('M3 12l4-4 4 2 3-2 3 1 4 3M7 8v6l4 4 2-1 3 1 3-3M11 14l2 2');
export const SparkleIcon = icon(
  'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.7 1.8 1.8.7-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.7z',
);
export const EuroIcon = icon(
  'M17 6.5A6.5 6.5 0 0 0 7 12a6.5 6.5 0 0 0 10 5.5M4.5 10.5h9M4.5 13.5h8',
);
export const UsersIcon = icon(
  <circle cx="9" cy="8" r="3.5" />,
  'M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 3.5 6',
);
export const CameraIcon = icon(
  'M4 8h3l1.5-2.5h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z',
  <circle cx="12" cy="13" r="3.5" />,
);
export const SofaIcon = icon(
  'M5 11V8a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v3',
  'M3 13a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v4H3zM5 17v2M19 17v2',
);
export const BuildingIcon = icon(
  'M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 10h4a1 1 0 0 1 1 1v10M3 21h18',
  'M8 8h3M8 12h3M8 16h3',
);
export const DocumentIcon = icon(
  'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z',
  'M14 3v5h5M9 13h6M9 17h4',
);
export const ScaleIcon = icon(
  'M12 4v16M8 20h8M5 7h14M12 4l-1 3h2z',
  'M5 7l-3 6a3 3 0 0 0 6 0zM19 7l-3 6a3 3 0 0 0 6 0z',
);
