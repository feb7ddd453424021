package org.fsflow.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.fsflow.safety.VisibleJson;

/**
 * The one JSON mapper of fsflow: snake_case names, stable output, unknown fields tolerated on read,
 * hidden characters written as escapes ({@link VisibleJson}).
 */
public final class Json {

    /** Shared, thread-safe once configured. */
    public static final ObjectMapper MAPPER = VisibleJson.on(new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, false));

    private Json() {}
}
