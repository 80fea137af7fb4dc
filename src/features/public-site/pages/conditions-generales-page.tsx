import * as cgv from '../../../../content/conditions-generales.md';
import type { ContentSection } from '../content/compile';
import { ContentsLayout, ContentsLinks, PageHeader } from '../../../ui/page-blocks';
import { Html, SectionText, VersionDate } from '../content/html';

/*
 * The text is content/conditions-generales.md (docs/contenu.md): a `#` heading opens a part, a
 * `##` one an article; the section {#annexe} is the withdrawal form, in its own box.
 */

const annex = cgv.sections.find((section) => section.id === 'annexe');

/** Articles are numbered continuously across the parts. */
const numberedParts = cgv.sections
  .filter((section) => section !== annex)
  .reduce<
    { title: string; html: string; articles: { number: number; section: ContentSection }[] }[]
  >((acc, part) => {
    const start = acc.reduce((n, p) => n + p.articles.length, 0);
    acc.push({
      title: part.title,
      html: part.html,
      articles: part.children.map((section, i) => ({ number: start + i + 1, section })),
    });
    return acc;
  }, []);

function TableOfContents() {
  return (
    <ol className="space-y-5 text-sm">
      {numberedParts.map((part) => (
        <li key={part.title}>
          <p className="font-semibold text-base-content/70">{part.title}</p>
          <ContentsLinks
            className="mt-2 space-y-1.5 border-l border-base-300"
            links={part.articles.map((article) => ({
              href: `#article-${article.number}`,
              label: (
                <>
                  {article.number}. {article.section.title}
                </>
              ),
            }))}
          />
        </li>
      ))}
      {annex ? (
        <li>
          <a
            href={`#${annex.id}`}
            className="block py-0.5 font-semibold text-base-content/70 hover:text-primary"
          >
            {annex.title}
          </a>
        </li>
      ) : null}
    </ol>
  );
}

export default function ConditionsGeneralesPage() {
  return (
    <>
      <PageHeader eyebrow="Centre d’aide" title={cgv.title} lead={cgv.lead}>
        <p className="mt-4 text-sm font-medium text-base-content/70">
          Version en vigueur au <VersionDate version={cgv.version} />
        </p>
      </PageHeader>

      <ContentsLayout label="Sommaire des conditions générales" contents={<TableOfContents />}>
        {numberedParts.map((part, index) => (
          <div key={part.title} className={index === 0 ? '' : 'mt-14'}>
            <p className="border-b border-base-300 pb-2 font-sans text-xs font-bold uppercase tracking-[0.18em] text-secondary-strong">
              {index === 0 ? part.title : `Partie ${index} — ${part.title}`}
            </p>
            {part.html ? <Html html={part.html} /> : null}
            {part.articles.map((article) => (
              <section key={article.number} aria-labelledby={`article-${article.number}`}>
                <h2 id={`article-${article.number}`}>
                  Article {article.number} — {article.section.title}
                </h2>
                <SectionText section={article.section} />
              </section>
            ))}
          </div>
        ))}

        {annex ? (
          <section
            aria-labelledby={annex.id}
            className="mt-14 rounded-box border border-base-300 bg-base-200/60 p-5 sm:p-8"
          >
            <h2 id={annex.id} className="mt-0!">
              {annex.title}
            </h2>
            <SectionText section={annex} />
          </section>
        ) : null}
      </ContentsLayout>
    </>
  );
}
