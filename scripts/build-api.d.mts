/** The bundles' paths (scripts/build-api.mjs). */
export declare const apiBundlePaths: { server: string; cli: string };
/** Whether a bundle is missing or older than a source of the server. */
export declare function apiBundleIsStale(): boolean;
/** Builds both bundles now. */
export declare function buildApi(): Promise<{ server: string; cli: string }>;
/** The bundles, built first when missing or older than a source (once per process). */
export declare function apiBundle(): Promise<{ server: string; cli: string }>;
