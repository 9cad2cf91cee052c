# One image per release; one container (or several replicas) per tenant group, all on one PostgreSQL.
# Build: docker build -t volante .   Run: see compose.yaml and docs/operations.md.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_OUTPUT=standalone NEXT_TELEMETRY_DISABLED=1
RUN npm run build && node scripts/standalone-assemble.mjs .next

# The runtime holds only the traced production files: server.js, the packages it requires, and what
# scripts/standalone-assemble.mjs adds (static assets, public/, migrations, face models).
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 DATA_DIR=/data WEB_CONCURRENCY=2
WORKDIR /app
RUN groupadd --system volante && useradd --system --gid volante --home-dir /app volante \
  && mkdir -p /data && chown volante:volante /data
COPY --from=build --chown=volante:volante /app/.next/standalone ./
USER volante
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# cluster.cjs runs server.js in WEB_CONCURRENCY processes on PostgreSQL (one per core the container is given).
CMD ["node", "cluster.cjs"]
