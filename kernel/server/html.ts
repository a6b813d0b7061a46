/** Text and attribute values written into served HTML: every character that could end or open markup is escaped. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** A value as JSON inside a `<script>` element: `<` escaped, so no string in it can close the element. */
export const jsonInScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
