# The app image used by docker-compose: builds every workspace, then runs the API + web app.
FROM node:20-bookworm AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Inside a container the published port reaches the app only on the container's own interface.
ENV HOST=0.0.0.0
# The code stays root-owned (the app cannot rewrite itself); only the data folder is the app's.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
# Not root: the image's unprivileged `node` user (uid 1000). A named volume on /data takes this
# folder's owner the first time; a bind mount must be writable by uid 1000.
USER node
EXPOSE 3000
# The same node flags as `npm start` (docs/operations.md: the young generation).
CMD ["node", "--max-semi-space-size=32", "app-api/dist/main.js"]
