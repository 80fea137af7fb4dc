export function formatDuration(ms: number): string;
export function slowestReport(
  heading: string,
  tests: { title: string; duration: number }[],
  count?: number,
): string;
