import { useId } from 'react';
import type { MandateContent, MandateSection } from '../../../domain/mandate';

/** Whether the server's `content` has the shape of src/domain/mandate.ts's MandateContent. */
export function isMandateContent(content: unknown): content is MandateContent {
  const c = content as Partial<MandateContent> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.title === 'string' &&
    Array.isArray(c.parties) &&
    Array.isArray(c.sections) &&
    typeof c.withdrawalForm === 'object'
  );
}

/**
 * Where a clause's list or table goes: after the paragraph that announces it (« …les
 * caractéristiques suivantes : »), else after the first paragraph (the fee scale follows the
 * sentence that names it).
 */
export function splitParagraphs(section: Pick<MandateSection, 'paragraphs' | 'items' | 'table'>) {
  const { paragraphs } = section;
  if (!section.items && !section.table) return { before: paragraphs, after: [] };
  const announcing = paragraphs.findIndex((p) => /:\s*$/.test(p));
  const cut = announcing >= 0 ? announcing + 1 : Math.min(1, paragraphs.length);
  return { before: paragraphs.slice(0, cut), after: paragraphs.slice(cut) };
}

function Section({ section, headingId }: { section: MandateSection; headingId: string }) {
  const { before, after } = splitParagraphs(section);
  const paragraph = (p: string, index: number) => (
    <p
      key={index}
      className={section.emphasis ? 'mt-2 text-lg leading-snug font-bold' : 'mt-2 leading-relaxed'}
    >
      {p}
    </p>
  );
  return (
    <section
      aria-labelledby={headingId}
      className={
        section.emphasis
          ? 'rounded-box border-2 border-base-content bg-base-200 p-4 sm:p-5'
          : undefined
      }
      data-testid={`mandate-section-${section.id}`}
    >
      <h4
        id={headingId}
        className={section.emphasis ? 'text-lg font-bold uppercase' : 'text-base font-semibold'}
      >
        {section.heading}
      </h4>
      {before.map(paragraph)}
      {section.items ? (
        <dl className="mt-3 divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {section.items.map((item) => (
            <div key={item.term} className="px-3 py-2 sm:flex sm:gap-4">
              <dt className="shrink-0 text-sm text-base-content/75 sm:w-44">{item.term}</dt>
              <dd className="min-w-0 font-medium">{item.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {section.table ? (
        <table className="mt-3 table w-full text-sm rounded-box border border-base-300 bg-base-100">
          <caption className="sr-only">Barème des honoraires</caption>
          <thead>
            <tr>
              <th scope="col">{section.table.head[0]}</th>
              <th scope="col">{section.table.head[1]}</th>
            </tr>
          </thead>
          <tbody>
            {section.table.rows.map(([range, fee]) => (
              <tr key={range}>
                <th scope="row" className="font-normal">
                  {range}
                </th>
                <td>{fee}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {after.map(paragraph)}
    </section>
  );
}

/**
 * The mandate as the client reads it before signing, from the same tree as the PDF
 * (src/domain/mandate.ts): its title and number, the two parties, each clause (art. 78 in very
 * visible characters), the fee scale and the withdrawal form. Headings start at h3: it sits in
 * a section of the page.
 */
export function MandateDocument({ content }: { content: MandateContent }) {
  const ids = useId();
  return (
    <article
      aria-labelledby={`${ids}-titre`}
      className="rounded-box border border-base-300 bg-base-100 p-3 text-[0.95rem] shadow-sm sm:p-8"
      data-testid="mandate-document"
    >
      <header className="border-b border-base-300 pb-4">
        <p className="text-sm font-semibold text-secondary-strong">{content.registerLabel}</p>
        <h3 id={`${ids}-titre`} className="mt-1 text-2xl font-semibold">
          {content.title}
        </h3>
        <p className="mt-1 text-sm text-base-content/75">{content.subtitle}</p>
        <p className="mt-2 text-sm text-base-content/75">{content.preparedLine}</p>
      </header>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {content.parties.map((party) => (
          <div key={party.role} className="rounded-box bg-base-200 p-3 sm:p-4">
            <p className="text-sm font-semibold uppercase tracking-wide text-base-content/75">
              {party.heading}
            </p>
            <p className="mt-1 font-semibold">{party.name}</p>
            {party.lines.map((line, index) => (
              <p key={index} className="mt-1 text-sm">
                {line}
              </p>
            ))}
          </div>
        ))}
      </div>
      <div className="mt-6 space-y-6">
        {content.sections.map((section) => (
          <Section key={section.id} section={section} headingId={`${ids}-${section.id}`} />
        ))}
        <section
          aria-labelledby={`${ids}-retractation`}
          className="rounded-box border border-dashed border-base-content/40 p-4"
          data-testid="mandate-withdrawal-form"
        >
          <h4 id={`${ids}-retractation`} className="font-semibold">
            {content.withdrawalForm.heading}
          </h4>
          <p className="mt-2 text-sm italic">{content.withdrawalForm.intro}</p>
          {content.withdrawalForm.lines.map((line, index) => (
            <p key={index} className="mt-2 text-sm">
              {line}
            </p>
          ))}
        </section>
      </div>
    </article>
  );
}
