/**
 * The site's illustrations (`public/images/*.svg`) with their intrinsic sizes, written once: a page
 * names one, and the `width`/`height` it gets let the browser reserve the box before it loads.
 */
const sizes = {
  'help-lock': [240, 200],
  'help-not-found': [260, 200],
  'help-support': [320, 260],
  'homestylz-bedroom': [480, 400],
  'homestylz-hero': [600, 560],
  'homestylz-moodboard': [480, 400],
  'main-carte-recherche': [400, 300],
  'main-hero-toits-paris': [640, 480],
  'main-reseau-partenaires': [400, 300],
  'main-salon-homestylz': [400, 300],
} as const;

export type IllustrationName = keyof typeof sizes;

/**
 * `lazy`: below the first screen, fetched when it comes near; `eager`: on the first screen, not
 * the largest thing on it; `first`: the largest thing on the first screen, fetched before the rest.
 */
type Loading = 'lazy' | 'eager' | 'first';

export function Illustration({
  name,
  alt = '',
  className,
  load = 'lazy',
}: {
  name: IllustrationName;
  /** What it shows; empty (the default) when it only decorates. */
  alt?: string;
  className: string;
  load?: Loading;
}) {
  const [width, height] = sizes[name];
  return (
    <img
      src={`/images/${name}.svg`}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={load === 'lazy' ? 'lazy' : undefined}
      fetchPriority={load === 'first' ? 'high' : undefined}
    />
  );
}
