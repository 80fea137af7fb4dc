export const chromiumArgs: string[];
export const testChromiumArgs: string[];
export function systemChromium(): string | undefined;
export function testChromium(): string | undefined;
