import type { CompressionOptions } from "compression";

/**
 * Options of the `compression` middleware for what the server sends per request (rendered pages,
 * data, files). Level 4 instead of zlib's default 6: gzipping the home page takes about a third
 * less CPU (0.5 ms instead of 0.8 ms) for 4 % more bytes (17.5 KB instead of 16.8 KB), and
 * gzip had become a quarter of a rendered page's CPU time (docs/decisions/007-render-path.md).
 * Every page is rendered per request (shared caches in front keep the anonymous ones, decision
 * 041): brotli at the middleware's quality 4 for clients that take it, else gzip. The
 * benchmark's static baseline uses these options.
 */
export const COMPRESSION_OPTIONS: CompressionOptions = { level: 4 };
