/**
 * The markup the release editor produces: paragraphs, headings, emphasis, lists, quotes and links, nothing
 * else (no styles, classes or spans that browsers and pasted documents bring). The server sanitises again;
 * this keeps what editors save clean and predictable.
 */
const keptTags: Record<string, string> = {
  P: 'p',
  DIV: 'p',
  BR: 'br',
  B: 'strong',
  STRONG: 'strong',
  I: 'em',
  EM: 'em',
  U: 'u',
  S: 's',
  STRIKE: 's',
  SUB: 'sub',
  SUP: 'sup',
  A: 'a',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  H1: 'h2',
  H2: 'h2',
  H3: 'h3',
  H4: 'h4',
  BLOCKQUOTE: 'blockquote',
  HR: 'hr',
};

/** Elements whose content is dropped with them. */
const droppedTags = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'HEAD',
  'META',
  'TITLE',
  'IMG',
]);

/** A style that says "not bold" (Docs' wrapper), and one that says bold (600 and more, or the keyword). */
const notBold = /(^|;)\s*font-weight\s*:\s*(normal|[1-4]00)\b/i;
const bolder = /(^|;)\s*font-weight\s*:\s*(bold|bolder|[6-9]00)\b/i;

export const safeLink = (href: string) => /^(https?:|mailto:)/i.test(href.trim());

// Editing leaves no-break spaces where a space was typed at the end of a run: they become plain spaces.
function escapeText(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, ' ');
}

function escapeAttribute(text: string) {
  return escapeText(text).replace(/"/g, '&quot;');
}

function serialize(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeText(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as Element;
  if (droppedTags.has(element.tagName)) return '';
  const inner = [...element.childNodes].map(serialize).join('');
  const tag = keptTags[element.tagName];
  const style = element.getAttribute('style') ?? '';
  // Google Docs wraps a whole paste in <b style="font-weight:normal"> and marks emphasis with styled spans:
  // the meaning is kept (strong, em), the styles are not.
  if (tag === 'strong' && notBold.test(style)) return inner;
  if (!tag) {
    if (element.tagName !== 'SPAN' || inner === '') return inner;
    const bold = bolder.test(style);
    const italic = /(^|;)\s*font-style\s*:\s*italic/i.test(style);
    const emphasised = italic ? `<em>${inner}</em>` : inner;
    return bold ? `<strong>${emphasised}</strong>` : emphasised;
  }
  if (tag === 'br' || tag === 'hr') return `<${tag}>`;
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    return safeLink(href) ? `<a href="${escapeAttribute(href.trim())}">${inner}</a>` : inner;
  }
  return `<${tag}>${inner}</${tag}>`;
}

const blockTags = new Set(['p', 'ul', 'ol', 'h2', 'h3', 'h4', 'blockquote', 'hr']);

/** Top-level text and inline markup (the first line typed into an empty editor) go into paragraphs. */
function topLevel(root: Node): string {
  const parts: string[] = [];
  let inline = '';
  const flush = () => {
    if (inline.replace(/<br>/g, '').trim())
      parts.push(`<p>${inline.replace(/^(<br>)+|(<br>)+$/g, '').trim()}</p>`);
    inline = '';
  };
  for (const child of root.childNodes) {
    const html = serialize(child);
    const tag = /^<([a-z0-9]+)/.exec(html)?.[1];
    if (tag && blockTags.has(tag)) {
      flush();
      parts.push(html);
    } else inline += html;
  }
  flush();
  return parts.join('');
}

/** The clean HTML of a subtree (the editor's content, or pasted markup parsed into a document). */
function cleanHtml(root: Node): string {
  const html = topLevel(root)
    // Empty blocks left by editing ("<p><br></p>" at the end, "<strong></strong>") say nothing.
    .replace(/<(strong|em|u|s|sub|sup)><\/\1>/g, '')
    .replace(/(<p>(<br>|\s)*<\/p>)+$/g, '')
    .trim();
  return html === '<br>' ? '' : html;
}

/** Cleans a piece of HTML text (e.g. from the clipboard). */
export function cleanHtmlText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return cleanHtml(document.body);
}
