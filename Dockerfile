# The whole system in one image; docker-compose.yml adds PostgreSQL.
FROM node:22-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY scripts scripts
COPY prisma prisma
COPY prisma.config.ts tsconfig.base.json ./
COPY backend backend
COPY frontend frontend
# npm install honours package-lock.json (see .ci/run for why not npm ci)
RUN npm install --no-audit --no-fund
EXPOSE 3000 3001
CMD ["npm", "start"]
