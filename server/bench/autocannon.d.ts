// The part of autocannon's JavaScript API that server/bench/databases.ts uses (the package ships
// no types, and @types/autocannon is not a dependency).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each request is sent: the request to send (a fresh header, say). */
    setupRequest?: (
      request: AutocannonRequest,
      context: Record<string, unknown>,
    ) => AutocannonRequest;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }

  interface AutocannonResult {
    /** Seconds the run took. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
