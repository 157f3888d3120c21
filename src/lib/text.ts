/**
 * Matches a character that shows: neither whitespace (what `trim()` takes off) nor a Unicode
 * format character (`\p{Cf}`: the zero-width space, the joiners, the word joiner, the soft
 * hyphen, direction marks). Format characters draw nothing, come along with a copy from a
 * document or a chat, and `trim()` leaves most of them. A required text with no such character
 * is blank: it is refused as an empty one is, in the form and in the service (the schemas use
 * it with `z.regex`). What is sent of a text that is not blank stays as typed (trimmed).
 *
 * The connection form refuses any character outside printable ASCII for the same reason
 * (docs/security.md); a name, an address or a reason may be in any script, so here only these
 * are looked at.
 */
export const VISIBLE = /[^\s\p{Cf}]/u;

/**
 * An identifier as typed, without the format characters a copy brings along (see above), nor the
 * Hangul fillers (U+115F, U+1160, U+3164, U+FFA0: letters that draw nothing, used as blanks in
 * chats): a cart, customer or order ID pasted from a chat reads right in its field but matches
 * nothing with them. IDs are ASCII: none of these is ever part of one.
 */
export const withoutFormatChars = (typed: string) =>
  typed.replace(/[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu, '');
