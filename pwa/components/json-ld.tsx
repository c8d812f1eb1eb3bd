import { jsonLdScriptContent } from '../../api/contract/structured-data';

/**
 * Structured data for search engines (schema.org JSON-LD, api/contract/structured-data.ts) in a
 * `<script type="application/ld+json">`, rendered in place on the server and in the browser alike (the same text, so
 * the page hydrates without a mismatch). Escaped by jsonLdScriptContent: no value can end the element.
 */
export function JsonLd({ data }: { data: object }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element, in a non-executed data block
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScriptContent(data) }} />;
}
