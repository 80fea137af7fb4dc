import type { ReactNode } from 'react';
import { CheckIcon } from './icons';

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

/** Icon, title and text in a card (then `after`, such as its key points); for service and benefit grids. */
export function FeatureCard({
  icon,
  title,
  after,
  children,
}: {
  icon: ReactNode;
  title: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <IconCircle>{icon}</IconCircle>
      <h3 className="font-sans text-lg font-semibold">{title}</h3>
      <div className="mt-2 text-base-content/75">{children}</div>
      {after}
    </div>
  );
}

export interface Step {
  title: string;
  text: ReactNode;
}

/** How a process in numbered steps looks; the home page's look is here, the others in page-blocks. */
export interface StepLook {
  list: string;
  item: string;
  number: string;
  /** Margin of each step's title below its number. */
  heading: string;
  /** '01' rather than '1'. */
  padded: boolean;
}

/** Raised cards on a muted section, the number large in gold. */
export const raisedSteps: StepLook = {
  list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
  item: 'rounded-box bg-base-100 p-6 shadow-sm',
  number: 'font-display text-4xl font-semibold text-secondary',
  heading: 'mt-3',
  padded: true,
};

/** A process in numbered steps (01, 02…), read as 'Étape 1 : …' by screen readers. */
export function NumberedSteps({ steps, look: style }: { steps: readonly Step[]; look: StepLook }) {
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

/** A process in numbered steps, declared with its section's heading. */
export interface StepsBlock {
  id: string;
  title: string;
  intro: string;
  steps: readonly Step[];
}

/** A StepsBlock as a section; `children` follow the steps. */
export function StepsSection({
  block,
  tone,
  look,
  children,
}: {
  block: StepsBlock;
  tone?: 'muted';
  look: StepLook;
  children?: ReactNode;
}) {
  return (
    <Section id={block.id} tone={tone} title={block.title} intro={block.intro}>
      <NumberedSteps steps={block.steps} look={look} />
      {children}
    </Section>
  );
}

const eyebrowText = 'text-sm font-semibold uppercase tracking-widest text-secondary-strong';

/** The small upper-case line above a heading, in the darker gold. */
export function Eyebrow({ className = '', children }: { className?: string; children: ReactNode }) {
  return <p className={`${className} ${eyebrowText}`}>{children}</p>;
}

/** An icon in a round tinted badge, as at the top of a card. */
export function IconCircle({
  className = 'mb-4 inline-flex size-11 text-2xl',
  children,
}: {
  /** Display, size and margin: `mb-4 inline-flex size-11 text-2xl` unless told. */
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
