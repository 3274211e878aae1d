# syntax=docker/dockerfile:1
# Build: the whole reactor goes in (.dockerignore leaves out build outputs and local state), so a module added to or
# moved in pom.xml is built without touching this file. Maven's downloads stay in a BuildKit cache mount across
# builds; that needs no list of the modules' poms, which is what drifted before. DockerfileBuildsEveryModuleTest
# checks this stage against the reactor.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q -DskipTests package

# Run: JRE only, as a non-root user (PostgreSQL refuses to run as root should the embedded default be used).
FROM eclipse-temurin:17-jre
RUN groupadd --system payouts \
    && useradd --system --gid payouts --home-dir /app payouts \
    && mkdir -p /app/data \
    && chown -R payouts:payouts /app
WORKDIR /app
COPY --from=build /src/service/target/payouts-service.jar /app/payouts-service.jar
USER payouts
# The heap follows the container's memory limit: 75 % of it, the rest for metaspace, threads and direct buffers.
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -Daxoniq.update-checker.disabled=true"
EXPOSE 8080
ENTRYPOINT ["java", "-jar", "/app/payouts-service.jar"]
