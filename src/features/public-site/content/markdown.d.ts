/** A content page's Markdown file, compiled at build time (scripts/vite-plugin-content.mjs). */
// An ambient module cannot import a relative path: its types come through import().
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module '*.md' {
  export const title: string;
  export const lead: string;
  export const version: import('./compile').ContentVersion;
  export const intro: string;
  export const sections: import('./compile').ContentSection[];
  export const html: string;
}
