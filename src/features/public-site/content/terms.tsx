import type { ReactNode } from 'react';
import type { ContentSection, ContentVersion } from './compile';
import { ContentsLayout, ContentsLinks, PageHeader } from '../../../ui/page-blocks';
import { Html, SectionText, VersionDate } from './html';

/** A compiled terms file (content/*.md): `#` parts of `##` articles, and one annex section. */
export interface TermsContent {
  title: string;
  lead: string;
  version: ContentVersion;
  sections: ContentSection[];
}

interface NumberedPart {
  title: string;
  html: string;
  articles: { number: number; section: ContentSection }[];
}

/** Articles are numbered continuously across the parts; the annex (by its id) stands apart. */
function numbered(doc: TermsContent, annexId: string) {
  const annex = doc.sections.find((section) => section.id === annexId);
  const parts = doc.sections
    .filter((section) => section !== annex)
    .reduce<NumberedPart[]>((acc, part) => {
      const start = acc.reduce((n, p) => n + p.articles.length, 0);
      acc.push({
        title: part.title,
        html: part.html,
        articles: part.children.map((section, i) => ({ number: start + i + 1, section })),
      });
      return acc;
    }, []);
  return { annex, parts };
}

/**
 * A terms page (the conditions générales, the homestylz CGV): a header with the version date,
 * a table of contents, numbered articles (`#article-n`), the annex (the withdrawal form) in its
 * own box.
 */
export function TermsPage({
  doc,
  eyebrow,
  annexId,
  contentsLabel,
}: {
  doc: TermsContent;
  eyebrow: string;
  annexId: string;
  contentsLabel: string;
}) {
  const { annex, parts } = numbered(doc, annexId);
  const single = parts.length === 1;
  const contents: ReactNode = (
    <ol className="space-y-5 text-sm">
      {parts.map((part) => (
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
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={doc.title} lead={doc.lead}>
        <p className="mt-4 text-sm font-medium text-base-content/70">
          Version en vigueur au <VersionDate version={doc.version} />
        </p>
      </PageHeader>

      <ContentsLayout label={contentsLabel} contents={contents}>
        {parts.map((part, index) => (
          <div key={part.title} className={index === 0 ? '' : 'mt-14'}>
            <p className="border-b border-base-300 pb-2 font-sans text-xs font-bold uppercase tracking-[0.18em] text-secondary-strong">
              {index === 0 || single ? part.title : `Partie ${index} — ${part.title}`}
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
