# The KeyNest site as a container: `node build/server.js` on Node 24 LTS, production dependencies
# only, as the unprivileged `node` user. Run the sandbox demo with `-e SANDBOX=1`, or a real
# upstream with API_URL, SESSION_SECRET and SITE_URL (see docs/operations.md, "Running as a container").
# Keep NODE_VERSION in step with .nvmrc.
ARG NODE_VERSION=24.21.0

# Build: every dependency, then the Remix build and the compiled server (build/).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# Where a TLS-intercepting proxy's CA bundle is mounted during the build, if one is needed.
ARG NODE_EXTRA_CA_CERTS
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only: no tsx, Vite, esbuild or test tools.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ARG NODE_EXTRA_CA_CERTS
COPY package.json package-lock.json ./
# The social cards draw with two weights (400, 700) in WOFF: the font packages' other weights and
# formats (some 280 MB of the CJK faces) stay out of the image.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && find node_modules/@fontsource -type f \( -name "*.woff" -o -name "*.woff2" \) \
      ! -name "*-400-normal.woff" ! -name "*-700-normal.woff" -delete

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The files stay root's: the server only reads them.
USER node
EXPOSE 3000
# Slim images have no curl: Node's own fetch asks /healthz.
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives the stop signal itself (SIGTERM: finishes requests in
# flight, exits 0).
CMD ["node", "build/server.js"]
