import type { ReactNode } from 'react';

/**
 * The frame of the account screens (sign-in, activation, password): a card on a quiet
 * background, under the site header. The header's logo is the one leading home (spec 2.4): the
 * card does not repeat it.
 */
export function AuthLayout({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="bg-base-200 px-4 pb-16 pt-24 sm:px-6 sm:pt-28 lg:pt-32">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-9">
          <h1 className="text-3xl font-semibold">{title}</h1>
          {lead ? <p className="mt-2 text-base-content/75">{lead}</p> : null}
          <div className="mt-7">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm">{footer}</div> : null}
      </div>
    </section>
  );
}
