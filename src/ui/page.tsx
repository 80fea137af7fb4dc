import type { ReactNode } from 'react';

/** Top of an inner page: eyebrow, title (the page's only h1) and a lead paragraph. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="bg-base-200 border-b border-base-300">
      <div className="mx-auto max-w-6xl px-4 pb-12 pt-28 sm:px-6 lg:pt-32">
        {eyebrow ? (
          <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-secondary-strong">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="max-w-3xl text-4xl font-semibold sm:text-5xl">{title}</h1>
        {lead ? <p className="mt-5 max-w-2xl text-lg text-base-content/75">{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}

export function Section({
  id,
  title,
  intro,
  children,
  tone = 'plain',
}: {
  id?: string;
  title?: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'muted' | 'dark';
}) {
  const bg =
    tone === 'muted' ? 'bg-base-200' : tone === 'dark' ? 'bg-neutral text-neutral-content' : '';
  return (
    <section
      id={id}
      className={`${bg} py-16 sm:py-20`}
      aria-labelledby={id && title ? `${id}-titre` : undefined}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {title ? (
          <h2 id={id ? `${id}-titre` : undefined} className="text-3xl font-semibold sm:text-4xl">
            {title}
          </h2>
        ) : null}
        {intro ? <p className="mt-4 max-w-2xl text-lg opacity-80">{intro}</p> : null}
        <div className={title || intro ? 'mt-10' : ''}>{children}</div>
      </div>
    </section>
  );
}

/** Icon, title and text in a card; used for service and benefit grids. */
export function FeatureCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <div className="mb-4 inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-2xl text-primary">
        {icon}
      </div>
      <h3 className="font-sans text-lg font-semibold">{title}</h3>
      <div className="mt-2 text-base-content/75">{children}</div>
    </div>
  );
}

export interface Step {
  title: string;
  text: ReactNode;
}

const stepStyles = {
  line: {
    list: 'grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4',
    item: 'border-t-2 border-primary/30 pt-6',
    number: 'font-display text-5xl font-semibold italic text-primary',
  },
  raised: {
    list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
    item: 'rounded-box bg-base-100 p-6 shadow-sm',
    number: 'font-display text-4xl font-semibold text-secondary',
  },
  card: {
    list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
    item: 'rounded-box border border-base-300 bg-base-100 p-6',
    number: 'font-display text-4xl font-semibold text-secondary',
  },
} as const;

/** A process in numbered steps (01, 02…), read as 'Étape 1 : …' by screen readers. */
export function NumberedSteps({
  steps,
  variant = 'card',
}: {
  steps: readonly Step[];
  variant?: keyof typeof stepStyles;
}) {
  const style = stepStyles[variant];
  return (
    <ol className={style.list}>
      {steps.map((step, index) => (
        <li key={step.title} className={style.item}>
          <span aria-hidden="true" className={style.number}>
            {String(index + 1).padStart(2, '0')}
          </span>
          <h3 className="mt-3 font-sans text-lg font-semibold">
            <span className="sr-only">Étape {index + 1}&nbsp;: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-base-content/75">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
