/** An XML element: enough of XML for Tiled's TSX tilesets (elements, attributes, text, entities). */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string, at: number): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);|&/g, (m, ent: string | undefined) => {
    if (!ent) throw new XmlError(`a bare "&" near character ${at}`);
    if (ent[0] === '#') {
      const code = ent[1] === 'x' ? Number.parseInt(ent.slice(2), 16) : Number.parseInt(ent.slice(1), 10);
      if (!(code >= 0 && code <= 0x10ffff))
        throw new XmlError(`the character reference ${m} near character ${at}`);
      return String.fromCodePoint(code);
    }
    const v = ENTITIES[ent];
    if (v === undefined) throw new XmlError(`the unknown entity ${m} near character ${at}`);
    return v;
  });
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const ATTR = /\s+([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

/**
 * Parses a document into its root element. Well-formedness faults (unclosed or mismatched tags, stray text
 * outside the root, bad entities) throw XmlError with a short reason; comments, CDATA, the XML declaration and a
 * DOCTYPE are understood.
 */
export function parseXml(text: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? n : lt);
    if (chunk.trim() !== '') {
      if (stack.length === 0) throw new XmlError(`text outside the root element near character ${i}`);
      stack[stack.length - 1].text += decodeEntities(chunk, i);
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) throw new XmlError('an unclosed comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9);
      if (end < 0 || stack.length === 0) throw new XmlError('a misplaced or unclosed CDATA section');
      stack[stack.length - 1].text += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) throw new XmlError('an unclosed processing instruction');
      i = end + 2;
    } else if (text.startsWith('<!', i)) {
      const end = text.indexOf('>', i + 2);
      if (end < 0) throw new XmlError('an unclosed declaration');
      i = end + 1;
    } else if (text.startsWith('</', i)) {
      NAME.lastIndex = i + 2;
      const m = NAME.exec(text);
      const end = text.indexOf('>', i);
      const open = stack.pop();
      if (!m || end < 0 || !open || open.name !== m[0] || text.slice(NAME.lastIndex, end).trim() !== '') {
        throw new XmlError(`a closing tag that matches no open tag near character ${i}`);
      }
      i = end + 1;
    } else {
      NAME.lastIndex = i + 1;
      const m = NAME.exec(text);
      if (!m) throw new XmlError(`a malformed tag near character ${i}`);
      const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
      let p = NAME.lastIndex;
      for (;;) {
        ATTR.lastIndex = p;
        const a = ATTR.exec(text);
        if (!a) break;
        el.attrs[a[1]] = decodeEntities(a[2] ?? a[3], p);
        p = ATTR.lastIndex;
      }
      while (p < n && /\s/.test(text[p])) p++;
      const selfClosing = text.startsWith('/>', p);
      if (!selfClosing && text[p] !== '>')
        throw new XmlError(`a malformed tag <${el.name}> near character ${i}`);
      if (stack.length > 0) stack[stack.length - 1].children.push(el);
      else if (root) throw new XmlError('more than one root element');
      else root = el;
      if (!selfClosing) stack.push(el);
      i = p + (selfClosing ? 2 : 1);
    }
  }
  if (stack.length > 0) throw new XmlError(`the element <${stack[stack.length - 1].name}> is never closed`);
  if (!root) throw new XmlError('no root element');
  return root;
}
