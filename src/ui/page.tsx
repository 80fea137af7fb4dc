import type { ReactNode } from 'react';
import { CheckIcon } from './icons';

/** Top of an inner page: eyebrow, title (the page's only h1), a lead paragraph, then `children`. */
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
        {eyebrow ? <Eyebrow className="mb-3">{eyebrow}</Eyebrow> : null}
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

/** Icon, title and text in a card, and its key points if it has some; for service and benefit grids. */
export function FeatureCard({
  icon,
  title,
  points,
  children,
}: {
  icon: ReactNode;
  title: string;
  points?: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <IconCircle>{icon}</IconCircle>
      <h3 className="font-sans text-lg font-semibold">{title}</h3>
      <div className="mt-2 text-base-content/75">{children}</div>
      {points ? (
        <CheckList
          className="mt-4 space-y-1.5 text-sm"
          itemClassName="flex gap-2"
          iconClassName="mt-0.5 shrink-0 text-secondary-strong"
          items={points}
        />
      ) : null}
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
    heading: 'mt-3',
    padded: true,
  },
  raised: {
    list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
    item: 'rounded-box bg-base-100 p-6 shadow-sm',
    number: 'font-display text-4xl font-semibold text-secondary',
    heading: 'mt-3',
    padded: true,
  },
  /** Raised cards, the number in a round badge. */
  circle: {
    list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
    item: 'rounded-box bg-base-100 p-6 shadow-sm',
    number:
      'inline-flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-content',
    heading: 'mt-4',
    padded: false,
  },
  card: {
    list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
    item: 'rounded-box border border-base-300 bg-base-100 p-6',
    number: 'font-display text-4xl font-semibold text-secondary',
    heading: 'mt-3',
    padded: true,
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
            {style.padded ? String(index + 1).padStart(2, '0') : index + 1}
          </span>
          <h3 className={`${style.heading} font-sans text-lg font-semibold`}>
            <span className="sr-only">Étape {index + 1}&nbsp;: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-base-content/75">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

const eyebrowText = 'font-semibold uppercase tracking-widest';

/** The small upper-case line above a heading; `tone` is its colour (the darker gold by default). */
export function Eyebrow({
  className,
  tone = 'text-secondary-strong',
  size = 'text-sm',
  children,
}: {
  className?: string;
  tone?: string;
  size?: 'text-sm' | 'text-xs';
  children: ReactNode;
}) {
  return (
    <p className={[className, size, eyebrowText, tone].filter(Boolean).join(' ')}>{children}</p>
  );
}

/** An icon in a round tinted badge, as at the top of a card. */
export function IconCircle({
  className = 'mb-4 inline-flex size-11 text-2xl',
  children,
}: {
  /** Display, size and margin: `inline-flex size-11 text-2xl` unless told. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`${className} items-center justify-center rounded-full bg-primary/10 text-primary`}
    >
      {children}
    </span>
  );
}

/** A row of actions (buttons, links), stacked on phones. */
export function ActionRow({
  className = 'mt-8',
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return <div className={`${className} flex flex-col gap-3 sm:flex-row`}>{children}</div>;
}

/** A list of points, each behind a check mark. */
export function CheckList({
  items,
  className,
  itemClassName = 'flex gap-3',
  iconClassName = 'mt-1 shrink-0 text-accent',
}: {
  items: readonly string[];
  className: string;
  itemClassName?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          <CheckIcon className={iconClassName} />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A boxed block after a page's last section: text, then actions on its right from md up. */
export function Callout({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section className="pb-16 sm:pb-20" aria-labelledby={id}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col gap-6 rounded-box border border-base-300 bg-base-200 p-7 sm:p-10 md:flex-row md:items-center md:justify-between">
          {children}
        </div>
      </div>
    </section>
  );
}

/** An outlined large button on the dark hero or on the primary colour. */
export const outlineOnDark =
  'btn btn-outline btn-lg border-white/60 text-white hover:border-white hover:bg-white hover:text-primary';
