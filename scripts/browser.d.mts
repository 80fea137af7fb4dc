export const chromiumArgs: string[];
export function systemChromium(): string | undefined;
