// autocannon ships no types and @types/autocannon is not a dependency: the part of its API the benches use.
declare module 'autocannon' {
  interface Request {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /** Each connection loops over these; setupRequest runs before every send when given. */
    requests?: Array<Request & { setupRequest?: (request: Request, context: object) => Request }>;
  }

  /** Percentiles in milliseconds (latency) or per second (requests, throughput). */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  /** A running benchmark: awaiting it gives the result; 'response' reports each answer as it comes. */
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: object, statusCode: number, bytes: number, milliseconds: number) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
