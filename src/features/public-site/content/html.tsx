import { Fragment } from 'react';
import type { ContentSection, ContentVersion } from './compile';

/* Putting a content page (content/*.md, compiled at build time) in its page's layout. */

/** HTML the build made from a content file, as it is. */
export function Html({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A section's text, then its sub-sections under their own headings (h3 under an h2). */
export function SectionText({ section }: { section: ContentSection }) {
  return (
    <>
      {section.html ? <Html html={section.html} /> : null}
      {section.children.map((child) => {
        const Heading = `h${Math.min(child.level, 6)}` as 'h3';
        return (
          <Fragment key={child.id}>
            <Heading id={child.id}>{child.title}</Heading>
            <SectionText section={child} />
          </Fragment>
        );
      })}
    </>
  );
}

/** A content file's version date: '1er janvier 2026', the 'er' raised. */
export function VersionDate({ version }: { version: ContentVersion }) {
  return version.text.startsWith('1er ') ? (
    <>
      1<sup>er</sup>
      {version.text.slice(3)}
    </>
  ) : (
    version.text
  );
}
