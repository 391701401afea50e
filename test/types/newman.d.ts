/** The part of newman's programmatic API the Postman-flow test uses (newman ships no types). */
declare module 'newman' {
  export interface NewmanRunOptions {
    collection: object;
    folder?: string | string[];
    envVar?: { key: string; value: string }[];
    reporters?: string[];
    workingDir?: string;
    insecureFileRead?: boolean;
    timeoutRequest?: number;
  }
  export interface NewmanFailure {
    error: { name: string; message: string; test?: string };
    source?: { name?: string };
  }
  export interface NewmanExecution {
    item: { name: string };
    request?: { url: { toString(): string } };
    response?: { code: number; stream?: Buffer };
    assertions?: { assertion: string; error?: { message: string } }[];
  }
  export interface NewmanSummary {
    run: {
      stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
      failures: NewmanFailure[];
      executions: NewmanExecution[];
    };
  }
  const newman: {
    run(options: NewmanRunOptions, callback: (error: Error | null, summary: NewmanSummary) => void): unknown;
  };
  export default newman;
}
