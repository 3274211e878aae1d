package io.payouts.service.fuzz;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The fuzzer's own generators and breakages, without a service: what they make is what they claim to make. */
class MutationsTest {

    private static final OperationCatalogue CATALOGUE = OperationCatalogue.read();
    private static final SchemaValues VALUES = new SchemaValues(new FieldHints(new Fixtures(),
            CATALOGUE.bodyExamples(), "owner@example.com", "a long enough password"));
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    @Provide
    Arbitrary<Operation> writes() {
        return Arbitraries.of(CATALOGUE.operations().stream().filter(Operation::hasBody).toList());
    }

    @Property(tries = 100)
    void aGeneratedBodyHasItsRequiredFieldsWithinTheirBounds(@ForAll("writes") Operation operation,
                                                              @ForAll Random random) {
        JsonNode body = body(operation, random);

        for (BodyField field : BodyField.of(body, operation.body())) {
            JsonNode value = body.at(field.pointer());
            if (field.required() && !body.at(field.pointer().head()).isMissingNode()) {
                assertThat(field.present()).as("%s of %s", field.path(), operation).isTrue();
            }
            if (value.isTextual() && field.schema().getMaxLength() != null) {
                assertThat(value.asText().length()).isLessThanOrEqualTo(field.schema().getMaxLength());
            }
            if (value.isArray() && field.schema().getMinItems() != null) {
                assertThat(value.size()).isGreaterThanOrEqualTo(field.schema().getMinItems());
            }
        }
    }

    @Property(tries = 150)
    void everyBreakageSendsOtherBytesThanTheValidBody(@ForAll("writes") Operation operation,
                                                      @ForAll("bodyFamilies") String family, @ForAll Random random) {
        JsonNode body = body(operation, random);

        Optional<Mutation> broken = mutations(operation, body, random).of(family);

        broken.ifPresent(mutation -> assertThat(mutation.request().body()).as(family)
                .isNotEqualTo(JsonText.bytes(body)));
    }

    @Property(tries = 50)
    void aDuplicatedKeyIsGivenTwiceInValidJson(@ForAll("writes") Operation operation, @ForAll Random random,
                                               @ForAll boolean otherType) throws IOException {
        JsonNode body = body(operation, random);
        String family = otherType ? "duplicate-key-other-type" : "duplicate-key";

        Optional<Mutation> broken = mutations(operation, body, random).of(family);

        if (body.isEmpty()) {
            // a body whose fields are all optional may be generated empty: it has no key to give twice
            assertThat(broken).isEmpty();
            return;
        }
        assertThat(broken).isPresent();
        byte[] bytes = broken.get().request().body();
        assertThat(new ObjectMapper().readTree(bytes)).as("JSON all the same").isNotNull();
        assertThatThrownBy(() -> STRICT.readTree(bytes)).hasMessageContaining("Duplicate field '"
                + broken.get().field().substring(broken.get().field().lastIndexOf('.') + 1) + "'");
    }

    @Property(tries = 50)
    void invalidUtf8IsNotUtf8(@ForAll("writes") Operation operation, @ForAll Random random) {
        JsonNode body = body(operation, random);

        Optional<Mutation> broken = mutations(operation, body, random).of("invalid-utf8");

        broken.ifPresent(mutation -> assertThatThrownBy(() -> StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(mutation.request().body())))
                .isInstanceOf(CharacterCodingException.class));
    }

    @Property(tries = 10)
    void deepBodiesNestTenThousandLevels(@ForAll("writes") Operation operation, @ForAll Random random) {
        byte[] deep = mutations(operation, body(operation, random), random).of("deep-body").orElseThrow()
                .request().body();

        int depth = 0;
        int deepest = 0;
        for (byte symbol : deep) {
            depth += symbol == '[' || symbol == '{' ? 1 : symbol == ']' || symbol == '}' ? -1 : 0;
            deepest = Math.max(deepest, depth);
        }
        assertThat(deepest).isEqualTo(BodyMutations.DEPTH);
        assertThat(depth).isZero();
    }

    @Property(tries = 10)
    void aMegabyteStringMakesTheBodyLargerThanAMegabyte(@ForAll("writes") Operation operation,
                                                        @ForAll Random random) {
        Optional<Mutation> broken = mutations(operation, body(operation, random), random).of("megabyte-string");

        broken.ifPresent(mutation -> assertThat(mutation.request().body().length)
                .isGreaterThan(BodyMutations.MEGABYTE));
    }

    @Provide
    Arbitrary<String> bodyFamilies() {
        return Arbitraries.of(BodyMutations.FAMILIES);
    }

    private static JsonNode body(Operation operation, Random random) {
        return VALUES.of(operation.body()).generator(100).next(random).value();
    }

    private static BodyMutations mutations(Operation operation, JsonNode body, Random random) {
        RawRequest base = RawRequest.of(operation.method(), operation.template()).withBody(JsonText.bytes(body));
        return new BodyMutations(base, body, BodyField.of(body, operation.body()), operation.bodyRequired(), random);
    }
}
