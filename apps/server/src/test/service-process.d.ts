/** The real service in a process of its own, on a free loopback port, for HTTP tests. */
export interface RunningService {
  url: string;
  pid: number;
  tempRoot: string;
  stop(): Promise<void>;
  /** Resident memory of the service process, bytes. */
  rss(): number;
}
export declare function startService(env?: Record<string, string>): Promise<RunningService>;
/** A multipart form from fields and files on disk, for fetch. */
export declare function form(fields: Record<string, string>, files?: Record<string, string>): Promise<FormData>;
/** Splits an SSE body into its events; comments are returned separately. */
export declare function parseSse(body: string): {
  events: Record<string, unknown>[];
  comments: string[];
  malformed: string[];
};
//# sourceMappingURL=service-process.d.ts.map
