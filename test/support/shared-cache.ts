import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { acceptsConnections, freePort } from "./compiled-site";

/**
 * A plain shared cache in front of a test site: Debian's nginx, started from a minimal config of
 * its own in a temporary directory, that keeps what the site's own headers allow and nothing
 * more. The cache key is nginx's default (`$scheme$proxy_host$request_uri`); how long a page is
 * kept comes only from the site's Cache-Control (`s-maxage` before `max-age`, `private` and
 * `no-store` keep nothing, `Set-Cookie` keeps nothing), `Vary` splits the copies, stored
 * validators are used to revalidate, and an old copy is served while it is being updated or while
 * the site fails. No `proxy_cache_valid`, no `proxy_ignore_headers`: nothing overrides the site.
 *
 * Every answer says what the cache did in `X-Cache-Status` (MISS, HIT, EXPIRED, STALE, UPDATING,
 * REVALIDATED, BYPASS) and the access log records it per request, background updates included.
 */

/** Where Debian puts nginx (`.ci/run` installs nginx-light when it is missing). */
export const NGINX = "/usr/sbin/nginx";

export interface SharedCache {
  /** The cache's own address, e.g. http://localhost:4731: what browsers talk to. */
  url: string;
  port: number;
  /**
   * The access log so far, one entry per request nginx handled (background updates included):
   * method, URI, status, the cache's verdict, the site's status (`-` when nginx answered alone)
   * and the request headers the site's pages vary on.
   */
  accessLog(): AccessEntry[];
  /** The error log so far (nginx's complaints, e.g. the site being down). */
  errorLog(): string;
  /** Stops nginx (SIGQUIT: finishes what it serves) and removes its directory. */
  stop(): Promise<void>;
}

export interface AccessEntry {
  method: string;
  uri: string;
  status: number;
  cache: string;
  upstreamStatus: string;
  /** The request's User-Agent, Cookie, Accept-Language and Accept-Encoding ("" when absent). */
  userAgent: string;
  cookie: string;
  acceptLanguage: string;
  acceptEncoding: string;
}

/** A file nginx serves itself, as a page's bytes would be served from disk (the benchmark's baseline). */
export interface ServedFile {
  body: Buffer;
  contentType: string;
  /** The coding `body` is already in (`gzip`), sent as Content-Encoding. */
  contentEncoding?: string;
  /** Further response headers, sent as they are (values without `"` or `$`). */
  headers?: Record<string, string>;
}

export interface SharedCacheOptions {
  /** The site behind the cache, e.g. http://127.0.0.1:5123. */
  upstream: string;
  /** Files nginx answers itself at these exact paths, bypassing the site and the cache. */
  files?: Record<string, ServedFile>;
  /** The port to listen on (127.0.0.1); a free one when not given. */
  port?: number;
}

/** The whole configuration: one server, one cache zone, everything in `dir`. */
export function sharedCacheConfig(
  dir: string,
  port: number,
  upstream: string,
  files: Record<string, ServedFile> = {},
): string {
  const fileLocations = Object.entries(files)
    .map(
      ([path, file], i) => `
    location = ${path} {
      alias ${dir}/files/${i};
      default_type "${file.contentType}";
      ${file.contentEncoding ? `add_header Content-Encoding ${file.contentEncoding};` : ""}
      ${Object.entries(file.headers ?? { Vary: "Accept-Encoding" })
        .map(([name, value]) => `add_header ${name} "${value}";`)
        .join("\n      ")}
    }`,
    )
    .join("\n");
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
  worker_connections 256;
}

http {
  # As Debian's own nginx.conf, files (and kept pages) go out through sendfile; tcp_nopush off, as
  # docs/operations.md's recipe says: with it on, the end of each kept page (streamed, chunked)
  # waited ~40 ms for the client's delayed acknowledgement.
  sendfile on;
  tcp_nopush off;
  # A client's connection stays open however many requests it sends (the benchmark's keep-alive
  # connections would otherwise be closed every 1,000).
  keepalive_requests 1000000;
  # Kept files stay open between requests (as a busy production nginx is set up): opening the
  # cache file cost a fifth of a kept page's rate. Re-checked every second, so a page the cache
  # has just replaced goes out at most a second late.
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 1s;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;

  # The request's own headers the site's pages vary on, too: a test can ask as that visitor.
  log_format cache '$request_method\\t$request_uri\\t$status\\t$upstream_cache_status\\t'
                   '$upstream_status\\t$http_user_agent\\t$http_cookie\\t'
                   '$http_accept_language\\t$http_accept_encoding';
  access_log ${dir}/access.log cache;
  # Background updates are subrequests: logged too, so a test sees the site's 304.
  log_subrequest on;

  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pages:10m max_size=256m inactive=1h;

  server {
    listen 127.0.0.1:${port};
    server_name localhost;
${fileLocations}

    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;

      proxy_cache pages;
      proxy_cache_revalidate on;
      proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;
      proxy_cache_background_update on;
      proxy_cache_lock on;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

function parseAccessLog(text: string): AccessEntry[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [method = "", uri = "", status = "", cache = "", upstreamStatus = "", ...headers] =
        line.split("\t");
      // nginx writes "-" for a header that was not sent.
      const [userAgent, cookie, acceptLanguage, acceptEncoding] = headers.map((value) =>
        value === "-" ? "" : value,
      );
      return {
        method,
        uri,
        status: Number(status),
        cache,
        upstreamStatus,
        userAgent: userAgent ?? "",
        cookie: cookie ?? "",
        acceptLanguage: acceptLanguage ?? "",
        acceptEncoding: acceptEncoding ?? "",
      };
    });
}

/** Starts nginx in front of `upstream` and waits until it answers. */
export async function startSharedCache({
  upstream,
  port,
  files = {},
}: SharedCacheOptions): Promise<SharedCache> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: install Debian's nginx-light (.ci/run does)`);
  }
  const listenPort = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "keynest-shared-cache-"));
  const conf = join(dir, "nginx.conf");
  mkdirSync(join(dir, "files"));
  Object.values(files).forEach((file, i) =>
    writeFileSync(join(dir, "files", String(i)), file.body),
  );
  writeFileSync(conf, sharedCacheConfig(dir, listenPort, upstream, files));
  let output = "";
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", conf, "-e", `${dir}/error.log`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const read = (name: string) => {
    try {
      return readFileSync(join(dir, name), "utf8");
    } catch {
      return "";
    }
  };
  const url = `http://localhost:${listenPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx exited early:\n${output}${read("error.log")}`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not listen on ${listenPort}:\n${output}${read("error.log")}`);
    }
    if (await acceptsConnections(listenPort)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port: listenPort,
    accessLog: () => parseAccessLog(read("access.log")),
    errorLog: () => read("error.log"),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGQUIT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
