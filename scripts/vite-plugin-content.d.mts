import type { Plugin } from 'vite';

/** Turns `content/*.md` imports into their page's strings (scripts/vite-plugin-content.mjs). */
export function markdownContent(): Plugin;
