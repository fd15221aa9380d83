// Names from inside a file (bones, sequences, the files a .mdl names) are bytes, not text. They are
// shown as the command line prints them (src/core/printable.cpp), so that a name can neither hide
// what follows it nor be mangled: backslashes and control bytes escaped ("\\", "\n", "\x1b", and
// C1's "\u009b" or, a lone byte, "\x9b"), and, since a page cannot pass bytes to the screen as a
// terminal does, every byte that is not part of strict UTF-8 (overlong forms, surrogates and values
// past U+10FFFF included) escaped as \xNN, never shown as U+FFFD.

const hex = (byte) => `\\x${byte.toString(16).padStart(2, '0')}`;
const ESCAPES = new Map([[0x5c, '\\\\'], [0x0a, '\\n'], [0x09, '\\t'], [0x0d, '\\r']]);

// The length of the strict UTF-8 sequence of 2 to 4 bytes at `i` and its code point, or null.
function sequenceAt(bytes, i) {
  const c = bytes[i];
  const extra = (c & 0xe0) === 0xc0 ? 1 : (c & 0xf0) === 0xe0 ? 2 : (c & 0xf8) === 0xf0 ? 3 : 0;
  if (extra === 0 || i + extra >= bytes.length) return null;
  let code = c & (0x3f >> extra);
  for (let k = 1; k <= extra; ++k) {
    if ((bytes[i + k] & 0xc0) !== 0x80) return null;
    code = (code << 6) | (bytes[i + k] & 0x3f);
  }
  const least = [0, 0x80, 0x800, 0x10000][extra];
  if (code < least || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return null;
  return { length: extra + 1, code };
}

// `bytes` (a Uint8Array) as a name to show.
export function printable(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const c = bytes[i];
    if (c < 0x80) {
      out += ESCAPES.get(c) ?? (c < 0x20 || c === 0x7f ? hex(c) : String.fromCharCode(c));
      i += 1;
      continue;
    }
    const found = sequenceAt(bytes, i);
    if (found) {
      // The C1 controls (U+0080 to U+009F: CSI is U+009B) as the command line writes them.
      out += found.code <= 0x9f ? `\\u${found.code.toString(16).padStart(4, '0')}` : String.fromCodePoint(found.code);
      i += found.length;
    } else {
      out += hex(c);
      i += 1;
    }
  }
  return out;
}

// `bytes` as the text a file system path holds, or null when they are not UTF-8 (no dropped
// file can have such a name: the browser gives names as text).
export function utf8OrNull(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

// A name as the library's JSON gives it (json_text: UTF-8 as it is, any other bytes, a NUL or a
// name that itself starts with "hex:" as "hex:" and two hex digits a byte), to show.
export function jsonTextShown(text) {
  const escaped = /^hex:((?:[0-9a-fA-F]{2})*)$/.exec(text);
  if (escaped) return printable(Uint8Array.from(escaped[1].match(/../g) || [], (h) => parseInt(h, 16)));
  return printable(new TextEncoder().encode(text));
}
