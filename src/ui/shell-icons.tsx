/** The icons the site's header, footer and help button draw: they ship with every page. */
import { icon } from './icon';

export { Icon, type IconProps } from './icon';

export const MenuIcon = icon('M4 7h16M4 12h16M4 17h16');
export const CloseIcon = icon('M6 6l12 12M18 6L6 18');
export const BagIcon = icon('M6 8h12l-1 12H7L6 8z', 'M9 10V7a3 3 0 0 1 6 0v3');
export const ChevronDownIcon = icon('M6 9l6 6 6-6');
export const ExternalIcon = icon(
  'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
);
export const PhoneIcon = icon(
  'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
);
export const MailIcon = icon(<rect x="3" y="5" width="18" height="14" rx="2" />, 'M3 7l9 6 9-6');
export const PinIcon = icon(
  'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z',
  <circle cx="12" cy="9.5" r="2.5" />,
);
export const ClockIcon = icon(<circle cx="12" cy="12" r="9" />, 'M12 7v5l3 2');
export const ChatIcon = icon(
  'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
  'M8.5 12h.01M12 12h.01M15.5 12h.01',
);
export const FacebookIcon = icon(
  'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8a0 0 0 0 1 0 0z',
);
export const InstagramIcon = icon(
  <rect x="3.5" y="3.5" width="17" height="17" rx="5" />,
  <circle cx="12" cy="12" r="4" />,
  'M17.5 6.5h.01',
);
export const LinkedinIcon = icon(
  <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />,
  'M8 10.5V16M8 7.5h.01M11.5 16v-3.2a2.3 2.3 0 0 1 4.6 0V16M11.5 10.5V16',
);
export const TiktokIcon = icon('M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.7 2.3 4.5 5 5');
