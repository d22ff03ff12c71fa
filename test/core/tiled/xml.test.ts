import { describe, expect, it } from 'vitest';
import { parseXml, XmlError, type XmlParser } from '../../../src/core/tiled/xml.ts';
import { nodeXml } from '../../../tools/lib/node-reader.ts';

/** A parser that answers as a browser does for malformed XML: a document holding a <parsererror>. */
function browserLike(complaint: string): XmlParser {
  const text = { nodeType: 3, nodeName: '#text', nodeValue: complaint, childNodes: [] };
  const problem = {
    nodeType: 1,
    nodeName: 'parsererror',
    nodeValue: null,
    childNodes: [text],
    attributes: [],
  };
  return {
    parseFromString: () => ({ documentElement: problem, getElementsByTagName: () => [problem] }),
  };
}

const faultOf = (parser: XmlParser) => {
  try {
    parseXml('<map>', parser);
  } catch (e) {
    expect(e).toBeInstanceOf(XmlError);
    return [(e as XmlError).message, (e as XmlError).line];
  }
  throw new Error('no fault');
};

describe("XML through an injected DOMParser: the browser's complaint or xmldom's, as a reason and a line", () => {
  it("Chromium's and Firefox's <parsererror> texts", () => {
    expect(
      faultOf(
        browserLike(
          'This page contains the following errors:error on line 3 at column 10: Unexpected end of stream: still inside the root elementBelow is a rendering of the page up to the first error.',
        ),
      ),
    ).toEqual(['Unexpected end of stream: still inside the root element', 3]);
    expect(
      faultOf(
        browserLike(
          'XML Parsing Error: no element found\nLocation: http://localhost/maps/a.tmx\nLine Number 7, Column 1:',
        ),
      ),
    ).toEqual(['no element found', 7]);
  });

  it('xmldom in Node: elements, attributes, text and CDATA; a malformed document throws with its line', () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<a x="1 &amp; 2"><b>t<![CDATA[<c>]]></b><!-- no --></a>',
      nodeXml,
    );
    expect(root).toEqual({
      name: 'a',
      attrs: { x: '1 & 2' },
      children: [{ name: 'b', attrs: {}, children: [], text: 't<c>' }],
      text: '',
    });
    expect(faultOf(nodeXml)[1]).toBe(1);
    expect(() => parseXml('<a>\n<b>\n</a>', nodeXml)).toThrow(XmlError);
  });
});
