import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of a release as editors may write it: structure, emphasis, lists, tables and links; no scripts,
 * styles, frames, images or event handlers (images are files of the release).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // Links leave the press room without handing it the reader's session.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
};
options.allowedAttributes = { ...options.allowedAttributes, a: ['href', 'title', 'rel'] };

export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words of a sanitised body, for search and feeds: block ends become spaces, entities are decoded. */
export function bodyToText(html: string): string {
  const spaced = html.replace(/<\/?(p|br|li|h\d|div|tr|td|th|blockquote|hr|caption)\b[^>]*>/gi, ' ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name])
    .replace(/\s+/g, ' ')
    .trim();
}
