/**
 * The shell's one container: the header, its mobile panel and the footer share it, so their
 * content starts at the same left edge (and ends at the same right edge) at every width.
 */
export const shellContainer = 'mx-auto w-full max-w-7xl px-4 sm:px-6';
