/** The bundles, built first when missing or older than a source (once per process). */
export declare function apiBundle(): Promise<{ server: string; cli: string }>;
