import type { ReactElement, ReactNode, SVGProps } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';

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
 * An icon component from its drawing: the shapes on the 24-unit grid, each a path's `d` or an
 * element (<circle>, <rect>…). The shapes are a fixed list, handed over as static children, what
 * JSX makes of <Icon><path /><circle /></Icon>: they need no keys. Marked free of side effects
 * so that the bundler drops the icons a page does not use.
 */
/* @__NO_SIDE_EFFECTS__ */
export function icon(...drawing: (string | ReactElement)[]) {
  const shapes = drawing.map((shape) =>
    typeof shape === 'string' ? jsx('path', { d: shape }) : shape,
  );
  return (props: IconProps) => jsxs(Icon, { ...props, children: shapes });
}
