import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../domain/company';
import { PhoneIcon } from './icons';
import { ActionRow, CheckList, Eyebrow, FeatureCard, Section, type StepLook } from './page';

/* Building blocks some inner pages share (kept out of the home page's download). */

export interface Feature {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  points?: readonly string[];
}

/** Feature cards in a list, each as tall as its row; `children` adds more items at the end. */
export function FeatureList({
  features,
  className,
  children,
}: {
  features: readonly Feature[];
  className: string;
  children?: ReactNode;
}) {
  return (
    <ul className={className}>
      {features.map((f) => (
        <li key={f.title} className="[&>div]:h-full">
          <FeatureCard
            icon={f.icon}
            title={f.title}
            after={
              f.points ? (
                <CheckList
                  className="mt-4 space-y-1.5 text-sm"
                  itemClassName="flex gap-2"
                  iconClassName="mt-0.5 shrink-0 text-secondary-strong"
                  items={f.points}
                />
              ) : null
            }
          >
            {f.text}
          </FeatureCard>
        </li>
      ))}
      {children}
    </ul>
  );
}

/** A section of feature cards, declared with its heading: what the page says, apart from its layout. */
export interface FeatureBlock {
  id: string;
  title: string;
  intro?: string;
  features: readonly Feature[];
}

/** A FeatureBlock as a section; `grid` sets the columns from phones up, `children` adds cards. */
export function FeatureSection({
  block,
  tone,
  grid,
  children,
}: {
  block: FeatureBlock;
  tone?: 'muted';
  grid: string;
  children?: ReactNode;
}) {
  return (
    <Section id={block.id} tone={tone} title={block.title} intro={block.intro}>
      <FeatureList features={block.features} className={`grid gap-6 ${grid}`}>
        {children}
      </FeatureList>
    </Section>
  );
}

const layouts = {
  /** Text on the left, the actions on the right from md up. */
  side: {
    box: 'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-16 sm:px-6 md:flex-row md:items-center md:justify-between',
    title: 'text-3xl font-semibold',
    text: 'mt-3 max-w-xl text-primary-content/85',
    actions: '',
  },
  /** As `side`, a larger title, the actions in a row from sm up. */
  wide: {
    box: 'mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16 sm:px-6 md:flex-row md:items-center md:justify-between',
    title: 'text-3xl font-semibold sm:text-4xl',
    text: 'mt-3 max-w-xl text-primary-content/85',
    actions: 'flex shrink-0 flex-col gap-3 sm:flex-row',
  },
  /** Everything centred, the actions in a row below. */
  center: {
    box: 'mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 sm:py-20',
    title: 'text-3xl font-semibold sm:text-4xl',
    text: 'mx-auto mt-4 max-w-2xl text-lg text-primary-content/85',
    actions: 'mt-8 flex flex-col justify-center gap-3 sm:flex-row',
  },
} as const;

/** The closing call to action of a page, on the primary colour. */
export function CtaBand({
  id,
  title,
  text,
  layout,
  children,
}: {
  /** Id of the heading, which names the section. */
  id: string;
  title: ReactNode;
  text: ReactNode;
  layout: keyof typeof layouts;
  /** The actions (links, buttons). */
  children: ReactNode;
}) {
  const style = layouts[layout];
  const heading = (
    <>
      <h2 id={id} className={style.title}>
        {title}
      </h2>
      <p className={style.text}>{text}</p>
    </>
  );
  return (
    <section className="bg-primary text-primary-content" aria-labelledby={id}>
      <div className={style.box}>
        {layout === 'center' ? heading : <div>{heading}</div>}
        {style.actions ? <div className={style.actions}>{children}</div> : children}
      </div>
    </section>
  );
}

/**
 * A long text (terms, policy) beside its table of contents: the contents are folded above the
 * text on small screens and stay in a sticky column from lg up.
 */
export function ContentsLayout({
  label,
  contents,
  children,
}: {
  /** Accessible name of the table of contents. */
  label: string;
  /** The list of links. */
  contents: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-12">
        <details className="collapse collapse-arrow mb-10 rounded-box border border-base-300 bg-base-200/60 lg:hidden">
          <summary className="collapse-title font-semibold">Sommaire</summary>
          <nav aria-label={label} className="collapse-content">
            {contents}
          </nav>
        </details>
        <aside className="hidden lg:block">
          <nav
            aria-label={label}
            className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto pb-6 pr-2"
          >
            <p className="mb-4 font-sans text-xs font-bold uppercase tracking-[0.18em] text-secondary-strong">
              Sommaire
            </p>
            {contents}
          </nav>
        </aside>

        <div className="prose-page">{children}</div>
      </div>
    </div>
  );
}

/** A table of contents: links to the parts of a long text, along a line that marks the one hovered. */
export function ContentsLinks({
  links,
  className = 'space-y-1.5 border-l border-base-300 text-sm',
}: {
  links: readonly { href: string; label: ReactNode }[];
  className?: string;
}) {
  return (
    <ol className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            className="-ml-px block border-l-2 border-transparent py-0.5 pl-3 text-base-content/80 hover:border-primary hover:text-primary"
          >
            {link.label}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The main action of a call-to-action band on the primary colour: a light button. */
export function CtaLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="btn btn-lg border-0 bg-base-100 text-primary shadow-sm hover:bg-base-200"
    >
      {children}
    </Link>
  );
}

/** A phone call in a call-to-action band on the primary colour, after a phone icon. */
export function CtaCallLink({ children }: { children: ReactNode }) {
  return (
    <a
      href={`tel:${company.phoneE164}`}
      className="btn btn-lg btn-ghost text-primary-content hover:bg-primary-content/10"
    >
      <PhoneIcon />
      {children}
    </a>
  );
}

/**
 * Text beside an illustration, centred on each other; `className` sets the grid's gap and columns.
 * The illustration comes after the text (below it on phones), unless `mediaFirst`.
 */
export function Split({
  className,
  media,
  mediaFirst = false,
  children,
}: {
  className: string;
  media: ReactNode;
  mediaFirst?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`grid items-center ${className}`}>
      {mediaFirst ? media : null}
      <div>{children}</div>
      {mediaFirst ? null : media}
    </div>
  );
}

/** The heading of a block that is not a whole section: an optional eyebrow, the h2, the lead. */
export function BlockTitle({
  eyebrow,
  id,
  title,
  lead,
  leadClassName = 'text-lg text-base-content/75',
}: {
  eyebrow?: ReactNode;
  id?: string;
  title: ReactNode;
  lead?: ReactNode;
  leadClassName?: string;
}) {
  return (
    <>
      {eyebrow}
      <h2 id={id} className={`${eyebrow ? 'mt-2 ' : ''}text-3xl font-semibold sm:text-4xl`}>
        {title}
      </h2>
      {lead ? <p className={`mt-4 ${leadClassName}`}>{lead}</p> : null}
    </>
  );
}

/** A button-looking link; an in-page `#fragment` stays a plain anchor. */
export interface Action {
  href: string;
  label: string;
  /** The button's look: `btn btn-primary` for the first action of a row, `btn btn-outline` after. */
  className?: string;
}

function ActionLink({ action, first }: { action: Action; first: boolean }) {
  const className = action.className ?? (first ? 'btn btn-primary' : 'btn btn-outline');
  return action.href.startsWith('#') ? (
    <a href={action.href} className={className}>
      {action.label}
    </a>
  ) : (
    <Link href={action.href} className={className}>
      {action.label}
    </Link>
  );
}

/** The actions under a page's header: one button on its own, several in a row. */
export function PageActions({ actions }: { actions: readonly Action[] }) {
  const links = actions.map((action, index) => (
    <ActionLink key={action.href} action={action} first={index === 0} />
  ));
  return links.length > 1 ? <ActionRow>{links}</ActionRow> : <div className="mt-8">{links}</div>;
}

/** Top of an inner page: eyebrow, title (the page's only h1), a lead paragraph, then `children`. */
/** What a page's header says: the eyebrow, the h1, the lead and the page's first actions. */
export interface PageHeaderContent {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  actions?: readonly Action[];
}

export function PageHeader({
  eyebrow,
  title,
  lead,
  actions,
  children,
}: PageHeaderContent & { children?: ReactNode }) {
  return (
    <header className="bg-base-200 border-b border-base-300">
      <div className="mx-auto max-w-6xl px-4 pb-12 pt-28 sm:px-6 lg:pt-32">
        {eyebrow ? <Eyebrow className="mb-3">{eyebrow}</Eyebrow> : null}
        <h1 className="max-w-3xl text-4xl font-semibold sm:text-5xl">{title}</h1>
        {lead ? <p className="mt-5 max-w-2xl text-lg text-base-content/75">{lead}</p> : null}
        {actions ? <PageActions actions={actions} /> : null}
        {children}
      </div>
    </header>
  );
}

/** Numbered steps under a line, the number large and italic. */
export const lineSteps: StepLook = {
  list: 'grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4',
  item: 'border-t-2 border-primary/30 pt-6',
  number: 'font-display text-5xl font-semibold italic text-primary',
  heading: 'mt-3',
  padded: true,
};

/** Raised cards, the number in a round badge. */
export const circleSteps: StepLook = {
  list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
  item: 'rounded-box bg-base-100 p-6 shadow-sm',
  number:
    'inline-flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-content',
  heading: 'mt-4',
  padded: false,
};

/** Bordered cards, the number large in gold. */
export const cardSteps: StepLook = {
  list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4',
  item: 'rounded-box border border-base-300 bg-base-100 p-6',
  number: 'font-display text-4xl font-semibold text-secondary',
  heading: 'mt-3',
  padded: true,
};
