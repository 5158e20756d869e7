import type sanitizeHtml from 'sanitize-html';
import { lazyPackage } from '../lazy';

// Loaded on the first rich text written, not at start-up (it brings a CSS parser and an HTML parser).
const sanitizer = lazyPackage<typeof sanitizeHtml>('sanitize-html');

/**
 * Rich text is stored only after this allow-list: the formatting an editor produces, links with
 * safe schemes, nothing that runs (scripts, event handlers, styles, iframes, javascript: URLs).
 * sanitize-html rather than a home-made filter, because HTML parsing quirks are where filters leak.
 */
const OPTIONS: sanitizeHtml.IOptions = {
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
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'a',
    'hr',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opening a new tab must not hand the opener window to the target page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizer()(html, OPTIONS).trim();
}
