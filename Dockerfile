# Images for docker-compose.yml: `server` (API, embedded MQTT broker, the built console) and `simulator`.
# Node 24 comes from the base image here; on a laptop it comes from the `node` devDependency.

# Dependencies of every workspace, installed once from the lock file. better-sqlite3 ships prebuilt
# binaries for linux-x64 and linux-arm64 with glibc (Debian), so no compiler is needed.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY db/package.json db/
COPY server/package.json server/
COPY simulator/package.json simulator/
COPY esign/package.json esign/
COPY paygate/package.json paygate/
COPY mailbox/package.json mailbox/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund

# The console, built by vite into web/dist.
FROM deps AS web
COPY contract contract
COPY web web
RUN npm run build -w @console/web

# The server runs its TypeScript through tsx, as `npm start` does: one way to run it everywhere.
FROM node:24-bookworm-slim AS server
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.json ./
COPY contract contract
COPY db db
COPY server server
COPY brands brands
COPY --from=web /app/web/dist web/dist
ENV PORT=8080 MQTT_PORT=1884 DB_FILE=/app/data/console.db BRANDS_DIR=brands WEB_DIST=web/dist
VOLUME /app/data
EXPOSE 8080 1884
CMD ["node", "--import", "tsx", "server/src/main.ts"]

# The simulator shares only the contract with the server. Its video platform draws the cameras' pictures with
# sharp (prebuilt libvips), whose SVG text needs a font: the slim image has none (docs/decisions/057).
FROM node:24-bookworm-slim AS simulator
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.json ./
COPY contract contract
COPY simulator simulator
ENV SIM_PORT=8090
EXPOSE 8090
CMD ["node", "--import", "tsx", "simulator/src/main.ts"]

# The simulated e-signature provider (docs/decisions/030): only the shared protocol in contract/ besides itself.
FROM node:24-bookworm-slim AS esign
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.json ./
COPY contract contract
COPY esign esign
ENV ESIGN_PORT=8095
EXPOSE 8095
CMD ["node", "--import", "tsx", "esign/src/main.ts"]

# The simulated mobile payment provider (docs/decisions/050): only the shared protocol in contract/ besides itself.
FROM node:24-bookworm-slim AS paygate
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.json ./
COPY contract contract
COPY paygate paygate
ENV PAYGATE_PORT=8096
EXPOSE 8096
CMD ["node", "--import", "tsx", "paygate/src/main.ts"]

# The simulated mail server (docs/decisions/071): SMTP in, an outbox page and control API out.
FROM node:24-bookworm-slim AS mailbox
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json tsconfig.json ./
COPY contract contract
COPY mailbox mailbox
ENV MAILBOX_PORT=8526 MAILBOX_SMTP_PORT=8525
EXPOSE 8525 8526
CMD ["node", "--import", "tsx", "mailbox/src/main.ts"]
