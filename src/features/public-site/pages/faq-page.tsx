import { Link } from 'wouter';
import * as faq from '../../../../content/faq.md';
import { company } from '../../../domain/company';
import { MailIcon, PhoneIcon } from '../../../ui';
import { Illustration } from '../../../ui/illustration';
import { PageHeader } from '../../../ui/page-blocks';
import { Html } from '../content/html';

/*
 * The questions and answers are content/faq.md (docs/contenu.md): a `##` heading is a theme, a
 * `###` one a question, shown as a <details> disclosure that opens without JavaScript.
 */

/** The answers' links, lists and code, styled as the page's own (they are the build's HTML). */
const answer =
  'collapse-content space-y-3 leading-7 text-base-content/85 [&_a]:link [&_a]:link-primary [&_code]:font-mono [&_code]:text-sm [&_ul]:list-disc [&_ul]:pl-6';

export default function FaqPage() {
  return (
    <>
      <PageHeader eyebrow="Centre d’aide" title={faq.title} lead={faq.lead}>
        <nav aria-label="Thèmes de la FAQ" className="mt-8 flex flex-wrap gap-2">
          {faq.sections.map((group) => (
            <a
              key={group.id}
              href={`#${group.id}`}
              className="btn btn-sm rounded-full border-base-300 bg-base-100"
            >
              {group.title}
            </a>
          ))}
        </nav>
      </PageHeader>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_19rem] lg:gap-14">
          <div className="min-w-0 space-y-12">
            {faq.intro ? <Html html={faq.intro} /> : null}
            {faq.sections.map((group) => (
              <section key={group.id} id={group.id} aria-labelledby={`${group.id}-titre`}>
                <h2 id={`${group.id}-titre`} className="mb-5 text-2xl font-semibold sm:text-3xl">
                  {group.title}
                </h2>
                {group.html ? (
                  <Html className="mb-5 space-y-3 leading-7" html={group.html} />
                ) : null}
                <div className="space-y-3">
                  {group.children.map((item) => (
                    <details
                      key={item.id}
                      id={item.id}
                      className="collapse collapse-arrow rounded-box border border-base-300 bg-base-100 open:border-primary/30 open:bg-base-200/50"
                    >
                      <summary className="collapse-title pe-12 font-semibold">{item.title}</summary>
                      <div className={answer} dangerouslySetInnerHTML={{ __html: item.html }} />
                    </details>
                  ))}
                </div>
              </section>
            ))}
          </div>

          <aside aria-labelledby="faq-contact" className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-box bg-primary p-6 text-primary-content sm:p-8 lg:p-6">
              <Illustration name="help-support" className="mx-auto mb-4 hidden w-44 lg:block" />
              <h2 id="faq-contact" className="text-2xl font-semibold">
                Vous n’avez pas trouvé votre réponse&nbsp;?
              </h2>
              <p className="mt-3 opacity-85">
                Nos équipes vous répondent par téléphone ou par écrit. {company.openingHours}.
              </p>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row lg:flex-col">
                <Link href="/contact" className="btn btn-secondary">
                  <MailIcon /> Nous écrire
                </Link>
                <a
                  href={`tel:${company.phoneE164}`}
                  className="btn btn-outline border-primary-content/60 text-primary-content hover:bg-primary-content hover:text-primary"
                >
                  <PhoneIcon /> {company.phone}
                </a>
              </div>
            </div>
          </aside>
        </div>
      </div>
    </>
  );
}
