import * as policy from '../../../../content/politique-confidentialite.md';
import { ContentsLayout, ContentsLinks, PageHeader } from '../../../ui/page-blocks';
import { ManageCookies } from '../components/manage-cookies';
import { Html, SectionText, VersionDate } from '../content/html';

/*
 * The text is content/politique-confidentialite.md (docs/contenu.md, docs/legal.md): its opening
 * paragraph, then one numbered chapter per `##` heading; the button that reopens the cookie
 * choice follows {#cookies}. The file's version is the date of the last update.
 */

const contents = policy.sections.map((chapter, index) => ({
  href: `#${chapter.id}`,
  label: (
    <>
      {index + 1}. {chapter.title}
    </>
  ),
}));

export default function PolitiqueConfidentialitePage() {
  return (
    <>
      <PageHeader eyebrow="Centre d’aide" title={policy.title} lead={policy.lead}>
        <p className="mt-4 text-sm font-medium text-base-content/70">
          Dernière mise à jour&nbsp;: <VersionDate version={policy.version} />
        </p>
      </PageHeader>

      <ContentsLayout
        label="Sommaire de la politique de confidentialité"
        contents={<ContentsLinks links={contents} />}
      >
        {policy.intro ? (
          <Html className="text-lg text-base-content/80" html={policy.intro} />
        ) : null}
        {policy.sections.map((chapter, index) => (
          <section key={chapter.id} aria-labelledby={chapter.id}>
            <h2 id={chapter.id}>
              {index + 1}. {chapter.title}
            </h2>
            <SectionText section={chapter} />
            {chapter.id === 'cookies' ? (
              <ManageCookies className="btn btn-outline btn-primary btn-sm mb-4" />
            ) : null}
          </section>
        ))}
      </ContentsLayout>
    </>
  );
}
