package in.results.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.AnnotationKeyword;
import com.networknt.schema.keyword.DisallowUnknownKeywordFactory;
import com.networknt.schema.path.PathType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Checks a JSON answer against a schema of the service's OpenAPI 3.1 document with networknt's JSON Schema
 * validator (the OpenAPI 3.1 dialect of draft 2020-12). A keyword the validator does not know is an error rather
 * than an ignored annotation, so that a misspelt rule in the document cannot pass unchecked.
 */
final class SchemaCheck {
    /** The document's own fields: when the document is loaded as a schema, they are notes, not rules. */
    private static final List<String> DOCUMENT_FIELDS = List.of(
            "openapi",
            "info",
            "jsonSchemaDialect",
            "servers",
            "paths",
            "webhooks",
            "components",
            "security",
            "tags",
            "externalDocs");

    private static final Dialect STRICT_OPENAPI_31 = Dialect.builder(Dialects.getOpenApi31())
            .keywords(DOCUMENT_FIELDS.stream().map(AnnotationKeyword::new).toList())
            .unknownKeywordFactory(DisallowUnknownKeywordFactory.getInstance())
            .build();
    private static final SchemaLocation DOCUMENT_LOCATION = SchemaLocation.of("urn:results-service:openapi.json");

    private SchemaCheck() {}

    /**
     * Every way {@code value} breaks {@code schema} (whose {@code $ref}s point into {@code document}), each as
     * "JSON path: problem"; empty if none.
     *
     * @throws com.networknt.schema.InvalidSchemaException if the schema uses a keyword the validator does not know
     */
    static List<String> violations(JsonNode document, JsonNode schema, JsonNode value) {
        // The schema is checked as the one rule of a copy of the document, so that "#/components/…" resolves.
        ObjectNode checked = document.deepCopy();
        checked.putArray("allOf").add(schema);
        SchemaRegistry registry = SchemaRegistry.withDialect(
                STRICT_OPENAPI_31,
                builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder()
                        .pathType(PathType.JSON_PATH)
                        .build()));
        return registry.getSchema(DOCUMENT_LOCATION, checked).validate(value).stream()
                .map(Object::toString)
                .toList();
    }

    /**
     * Every way {@code value} breaks the schema named {@code schemaName} ({@code "StudentReport"}) of the OpenAPI
     * document the service ships.
     */
    static List<String> violations(String schemaName, JsonNode value) {
        try (InputStream in = SchemaCheck.class.getResourceAsStream("/openapi.json")) {
            JsonNode document = ServiceClient.MAPPER.readTree(in);
            return violations(
                    document, document.path("components").path("schemas").path(schemaName), value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
