package dev.junitbench.reports.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;

/**
 * JSON that can sit inside a {@code <script>} element: {@code <}, {@code >} and {@code &} (and the
 * line separators JavaScript once treated as line ends) are written as {@code \\u} escapes, so no
 * value can close the element or open a comment, whatever the result files hold.
 */
final class SafeJson {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.LOWER_CAMEL_CASE);

  static {
    MAPPER.getFactory().setCharacterEscapes(new ScriptSafe());
  }

  private SafeJson() {}

  /** {@code value} as JSON safe to inline into HTML. */
  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the report's data could not be written as JSON", e);
    }
  }

  private static final class ScriptSafe extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] escapes;

    ScriptSafe() {
      escapes = CharacterEscapes.standardAsciiEscapesForJSON();
      escapes['<'] = CharacterEscapes.ESCAPE_STANDARD;
      escapes['>'] = CharacterEscapes.ESCAPE_STANDARD;
      escapes['&'] = CharacterEscapes.ESCAPE_STANDARD;
      escapes['\''] = CharacterEscapes.ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return escapes;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      if (ch == 0x2028 || ch == 0x2029) {
        return new SerializedString(String.format("\\u%04x", ch));
      }
      return null;
    }
  }
}
