import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { title?: string };

/** Stroke icons drawn on a 24-unit grid; decorative unless a title is given. */
export function Icon({ title, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

/**
 * An icon component from its drawing on the 24-unit grid (a <path>, or a fragment of shapes).
 * Marked free of side effects so that the bundler drops the icons a page does not use.
 */
/* @__NO_SIDE_EFFECTS__ */
export function icon(drawing: ReactNode) {
  return (props: IconProps) => <Icon {...props}>{drawing}</Icon>;
}
