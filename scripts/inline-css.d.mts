export declare const BROWSERS: Record<'chrome' | 'edge' | 'firefox' | 'safari', number>;
export declare const CSS_TARGET: string[];
export declare function unicodeRanges(value: string): [number, number][];
export declare function fontFacesFor(css: string, text: string): string;
export declare function trimInlineCss(css: string, html: string): string;
