# syntax=docker/dockerfile:1
# The site, the API and Swagger UI in one small image. Build: `docker build -t dream-darkroom .`
# Run it through docker-compose.yml (PostgreSQL, two replicas, the proxy); see the README.

ARG NODE_IMAGE=node:20.20-bookworm-slim
ARG RUNTIME_IMAGE=node:20.20-alpine

# 1. Everything needed to build: all dependencies, then both workspaces.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY openapi openapi
COPY backend backend
COPY frontend frontend
RUN npm run build -w backend && npm run build -w frontend

# 2. Only what the server needs at run time: the backend's production dependencies, without
#    the embedded PostgreSQL binaries (a container always talks to DATABASE_URL).
FROM ${NODE_IMAGE} AS runtime-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --omit=optional --workspace backend --no-audit --no-fund \
  && npm cache clean --force

# 3. The image: node, the compiled backend, the built site, and a user that is not root.
FROM ${RUNTIME_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    FRONTEND_DIST=/app/frontend/dist \
    DATA_DIR=/app/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=runtime-dependencies /app/node_modules node_modules
COPY --from=build /app/package.json package.json
COPY --from=build /app/backend/package.json backend/package.json
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
# DATA_DIR holds only local fallbacks (emails as .eml files when SMTP_URL is unset).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
