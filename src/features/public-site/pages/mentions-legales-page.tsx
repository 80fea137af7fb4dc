import * as mentions from '../../../../content/mentions-legales.md';
import { ContentsLinks, PageHeader } from '../../../ui/page-blocks';
import { ManageCookies } from '../components/manage-cookies';
import { Html, SectionText } from '../content/html';

/*
 * The text is content/mentions-legales.md (docs/contenu.md, docs/legal.md): each `##` heading is
 * a chapter of the contents; the button that reopens the cookie choice follows {#cookies}.
 */

const contents = mentions.sections.map((chapter) => ({
  href: `#${chapter.id}`,
  label: chapter.title,
}));

export default function MentionsLegalesPage() {
  return (
    <>
      <PageHeader eyebrow="Centre d’aide" title={mentions.title} lead={mentions.lead} />

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
          <aside className="hidden lg:block">
            <nav aria-label="Sommaire des mentions légales" className="sticky top-24 pb-6">
              <p className="mb-4 font-sans text-xs font-bold uppercase tracking-[0.18em] text-secondary-strong">
                Sommaire
              </p>
              <ContentsLinks links={contents} />
            </nav>
          </aside>

          <div className="prose-page">
            {mentions.intro ? <Html html={mentions.intro} /> : null}
            {mentions.sections.map((chapter, index) => (
              <section key={chapter.id} aria-labelledby={chapter.id}>
                <h2 id={chapter.id} className={index === 0 ? 'mt-0!' : undefined}>
                  {chapter.title}
                </h2>
                <SectionText section={chapter} />
                {chapter.id === 'cookies' ? (
                  <ManageCookies className="btn btn-outline btn-primary btn-sm" />
                ) : null}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
