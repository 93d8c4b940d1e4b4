// The Workers globals that worker/core/env.ts names in its types, for the Node scripts that share worker code
// (npm run import / export run worker/transfer/ through wrangler's platform proxy). Only their names: the scripts
// never use the Worker's request context that needs them.
declare interface Env {
  readonly JWT_SECRET: string;
  readonly AUTH_ISSUER: string;
  readonly AUTH_AUDIENCE: string;
}
declare interface R2Bucket {
  readonly __r2Bucket?: never;
}
declare interface Fetcher {
  readonly __fetcher?: never;
}
declare interface Workflow<_Params = unknown> {
  readonly __workflow?: never;
}
declare interface D1Database {
  readonly __d1Database?: never;
}
declare interface Queue<_Body = unknown> {
  readonly __queue?: never;
}
declare interface ImagesBinding {
  readonly __imagesBinding?: never;
}
