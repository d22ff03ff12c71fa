/**
 * XML for the TMX map, TSX tileset and TX template readers. The parsing itself is not ours: the caller hands in a
 * W3C `DOMParser` (the browser's own in the page, @xmldom/xmldom in Node: see tools/lib/node-reader.ts), so this
 * module stays free of DOM globals and runs anywhere. It turns the parsed document into a small plain tree.
 */

/** An XML element as the readers use it: name, attributes, element children, and its text. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** The part of the W3C DOM the conversion reads: what both the browser's DOMParser and xmldom give. */
interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly childNodes: ArrayLike<DomNode>;
}

interface DomElement extends DomNode {
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
  getElementsByTagName?(name: string): ArrayLike<DomNode>;
}

interface DomDocument {
  readonly documentElement: DomElement | null;
  getElementsByTagName(name: string): ArrayLike<DomNode>;
}

/**
 * A W3C DOMParser, or anything with its `parseFromString`. A malformed document may be reported either way
 * parsers do it: by throwing (give the error a numeric `line` for the sentence to name it) or, like browsers,
 * by returning a document that holds a `<parsererror>` element.
 */
export interface XmlParser {
  parseFromString(text: string, type: 'text/xml'): DomDocument;
}

/** A document that is not well-formed XML; `line` (1-based) when the parser knows it. */
export class XmlError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'XmlError';
  }
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
/** Elements nested deeper than this are no Tiled file; refusing them keeps the conversion's stack small. */
const MAX_DEPTH = 256;

/** Parses `text` with `parser` into its root element; a malformed document throws XmlError. */
export function parseXml(text: string, parser: XmlParser): XmlElement {
  let doc: DomDocument;
  try {
    doc = parser.parseFromString(text, 'text/xml');
  } catch (e) {
    if (e instanceof XmlError) throw e;
    const line = (e as { line?: unknown }).line;
    throw new XmlError(
      e instanceof Error ? e.message : String(e),
      typeof line === 'number' && line > 0 ? line : undefined,
    );
  }
  const problem = doc.getElementsByTagName('parsererror')[0];
  if (problem) throw browserError(textOf(problem));
  const root = doc.documentElement;
  if (!root) throw new XmlError('no root element');
  return convert(root, 0);
}

/** "What is wrong (line N)" for a sentence, from an XmlError. */
export function describeXmlError(e: XmlError): string {
  return e.line !== undefined ? `${e.message}, on line ${e.line}` : e.message;
}

/**
 * Browsers put their complaint in a <parsererror>: Chromium "This page contains the following errors:error on
 * line 3 at column 10: Unexpected end of stream…Below is a rendering of the page…", Firefox "XML Parsing Error: no root element found Location: … Line Number 4, Column 3:".
 */
function browserError(text: string): XmlError {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chromium = /error on line (\d+) at column \d+: (.*?)\s*(?:Below is a rendering.*)?$/i.exec(flat);
  if (chromium) return new XmlError(chromium[2].trim().replace(/\.$/, ''), Number(chromium[1]));
  const firefox = /XML Parsing Error: (.*?) Location:.*?Line Number (\d+)/i.exec(flat);
  if (firefox) return new XmlError(firefox[1].trim(), Number(firefox[2]));
  const line = /line (\d+)/i.exec(flat);
  return new XmlError(flat.slice(0, 200) || 'malformed XML', line ? Number(line[1]) : undefined);
}

function textOf(node: DomNode): string {
  if (node.nodeType === TEXT || node.nodeType === CDATA) return node.nodeValue ?? '';
  let out = '';
  for (let i = 0; i < node.childNodes.length; i++) out += textOf(node.childNodes[i]);
  return out;
}

function convert(el: DomElement, depth: number): XmlElement {
  if (depth > MAX_DEPTH) throw new XmlError(`elements nest deeper than ${MAX_DEPTH} levels`);
  const attrs: Record<string, string> = {};
  for (let i = 0; i < el.attributes.length; i++) attrs[el.attributes[i].name] = el.attributes[i].value;
  const children: XmlElement[] = [];
  let text = '';
  const nodes = el.childNodes;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n.nodeType === ELEMENT) children.push(convert(n as DomElement, depth + 1));
    else if (n.nodeType === TEXT || n.nodeType === CDATA) text += n.nodeValue ?? '';
  }
  return { name: el.nodeName, attrs, children, text };
}
