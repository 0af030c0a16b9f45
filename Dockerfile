# The mock and the conformance suite as a container image.
#
#   docker build -t petstore-mock .
#   docker run --rm -p 4010:4010 petstore-mock --api-key my-key
#
# Any Node 20+ base with `node` and `npm` on its PATH works (`--build-arg NODE_IMAGE=node:22-alpine`, a
# mirror of the official image, a local one); the default is the official Debian slim image.
ARG NODE_IMAGE=node:20-bookworm-slim

# Build: every dependency from the lock file, compile and bundle, then pack exactly what `npm publish` would
# upload, so the image holds the same files as the package on the registry.
FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm pack --ignore-scripts --pack-destination /tmp \
 && mkdir /package \
 && tar -xzf /tmp/petstore-mock-*.tgz -C /package --strip-components=1 --no-same-owner \
 && cp package-lock.json /package/

# Production dependencies only, from the same lock file, without what only editors and debuggers read (their
# type declarations, source maps and Markdown); the bins are linked where PATH finds them.
# npm's cache stays in this stage.
FROM ${NODE_IMAGE} AS production
WORKDIR /opt/petstore-mock
COPY --from=build /package ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' -o -name '*.map' \
      -o -name '*.md' \) -delete \
 && chmod 755 bin/petstore-mock.cjs bin/petstore-conformance.js \
 && mkdir -p node_modules/.bin \
 && ln -s ../../bin/petstore-mock.cjs node_modules/.bin/petstore-mock \
 && ln -s ../../bin/petstore-conformance.js node_modules/.bin/petstore-conformance

# Runtime: the base plus one layer, the application, owned by root and run by an unprivileged user.
FROM ${NODE_IMAGE}
LABEL org.opencontainers.image.title="petstore-mock" \
      org.opencontainers.image.description="A stateful mock of the Petstore Store API and its conformance suite" \
      org.opencontainers.image.licenses="MIT"
COPY --from=production /opt/petstore-mock /opt/petstore-mock
ENV PATH=/opt/petstore-mock/node_modules/.bin:$PATH \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4010
# A numeric user (uid 1000 is `node` in the official images) so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 4010
# `petstore-mock health` asks GET /__health on the port the mock listens on: no curl needed in the image.
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 CMD ["petstore-mock", "health"]
# Node is PID 1 and handles SIGTERM itself: it stops accepting, finishes the answers in flight and exits 0.
ENTRYPOINT ["petstore-mock"]
