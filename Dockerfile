# The whole system in one image; docker-compose.yml adds PostgreSQL.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1

# Dependencies first, from the lockfile: this layer is reused while only sources change.
# (The root postinstall needs the sources, so it runs after they are copied.)
COPY package.json package-lock.json .npmrc ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild @swc/core

# Then the sources: generate the Prisma client, compile the API and build the dashboard
# now, so a container starts in seconds instead of building at every start.
# API_URL: where the dashboard sends /api/… (baked into the dashboard). The default is the API
# in the same container (`npm start`); docker-compose.yml builds with its proxy's address.
ARG API_URL=http://127.0.0.1:3001
COPY . .
RUN node scripts/postinstall.mjs && node scripts/build-dashboard.mjs

EXPOSE 3000 3001
CMD ["npm", "start"]
