# Build: the Maven wrapper fetches Maven and the dependencies, then packages the service jar.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY mvnw pom.xml ./
COPY .mvn .mvn
COPY shared-api/pom.xml shared-api/
COPY shared-api/src shared-api/src
COPY command-side/pom.xml command-side/
COPY command-side/src command-side/src
COPY query-side/pom.xml query-side/
COPY query-side/src query-side/src
COPY webhook-projector/pom.xml webhook-projector/
COPY webhook-projector/src webhook-projector/src
COPY client/pom.xml client/
COPY client/src client/src
COPY service/pom.xml service/
COPY service/src service/src
RUN ./mvnw -B -q -DskipTests package

# Run: JRE only, as a non-root user (PostgreSQL refuses to run as root should the embedded default be used).
FROM eclipse-temurin:17-jre
RUN groupadd --system payouts \
    && useradd --system --gid payouts --home-dir /app payouts \
    && mkdir -p /app/data \
    && chown -R payouts:payouts /app
WORKDIR /app
COPY --from=build /src/service/target/payouts-service.jar /app/payouts-service.jar
USER payouts
ENV JAVA_TOOL_OPTIONS=-Daxoniq.update-checker.disabled=true
EXPOSE 8080
ENTRYPOINT ["java", "-jar", "/app/payouts-service.jar"]
