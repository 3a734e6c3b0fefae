# The coverline binary (api + worker) with the web app, the data files and the vPIC VIN tables.
FROM rust:1.95-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends nodejs npm && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
ENV CORGI_CACHE_DIR=/opt/coverline/vpic
RUN cd web && npm ci && npm run build
RUN cargo build --release -p coverline-api --bin coverline

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates tesseract-ocr tesseract-ocr-eng && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /src/target/release/coverline /usr/local/bin/coverline
COPY --from=build /opt/coverline/vpic /opt/coverline/vpic
COPY --from=build /src/web/dist /app/web/dist
COPY data /app/data
ENV MAPS_DIR=/opt/coverline/vpic COVERLINE_ADDR=0.0.0.0:8080 COVERLINE_DATA_DIR=/app/data COVERLINE_WEB_DIR=/app/web/dist
# Production mode unless told otherwise (ops/compose/demo.env says development): serve and worker
# refuse to start on a public secret, the sandbox or the lab data (docs/deploying.md).
ENV COVERLINE_ENV=production
# glibc returns big blocks (argon2's 19 MiB) instead of keeping them per thread arena (docs/operations.md, Memory).
ENV MALLOC_MMAP_THRESHOLD_=4194304
EXPOSE 8080
ENTRYPOINT ["coverline"]
CMD ["serve"]
