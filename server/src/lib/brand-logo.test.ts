import { describe, expect, it } from 'vitest';
import { checkLogo, sniffLogo, svgProblem } from './brand-logo.ts';
import { contrast, deriveTheme, normaliseHex } from './brand-theme.ts';

const svg = (body: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${body}</svg>`;
const bytes = (text: string) => new TextEncoder().encode(text);
// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('SVG logos', () => {
  it('accepts a plain logo with gradients and internal references', () => {
    const clean = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)"/><use href="#g"/><use xlink:href="#g"/><text>Acme</text>',
      ' xmlns:xlink="http://www.w3.org/1999/xlink"',
    );
    expect(svgProblem(clean)).toBeNull();
    expect(checkLogo('logo.svg', bytes(`<?xml version="1.0"?>\n<!-- logo -->\n${clean}`))).toEqual({
      type: 'image/svg+xml',
    });
  });

  const hostile: [string, string][] = [
    ['a script element', svg('<script>alert(1)</script>')],
    ['a namespaced script element', svg('<svg:script>alert(1)</svg:script>')],
    ['a script hidden by a character reference', svg('&#60;script>alert(1)</script>')],
    ['foreignObject', svg('<foreignObject><iframe src="x"/></foreignObject>')],
    ['an onload attribute', svg('<rect/>', ' onload="alert(1)"')],
    ['an upper-case event attribute', svg('<rect ONCLICK="alert(1)"/>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['an obfuscated javascript: link', svg('<a href="jav&#x09;ascript&#58;alert(1)"><rect/></a>')],
    ['an external image', svg('<image href="https://evil.example/x.png"/>')],
    ['an external xlink reference', svg('<use xlink:href="http://evil.example/s.svg#a"/>')],
    ['a data: URL', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
    ['an external url() in a style', svg('<rect style="fill: url(https://evil.example/x)"/>')],
    ['a CSS @import', svg('<style>@import "https://evil.example/x.css";</style>')],
    ['a CSS escape', svg('<style>rect { fill: u\\72l(x) }</style>')],
    ['a DOCTYPE with entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<text>&x;</text>')}`],
    ['an xml-stylesheet instruction', `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`],
    ['an animated href', svg('<a><set attributeName="href" to="#x"/></a>')],
    ['an embedded object', svg('<object data="x.swf"/>')],
  ];
  it.each(hostile)('refuses %s', (_, text) => {
    expect(svgProblem(text)).not.toBeNull();
    expect(checkLogo('logo.svg', bytes(text))).toHaveProperty('problem');
  });
});

describe('logo files', () => {
  it('recognises images by their bytes, not their names', () => {
    expect(sniffLogo(PNG)).toBe('image/png');
    expect(sniffLogo(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffLogo(bytes('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffLogo(bytes('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffLogo(bytes('GIF89a'))).toBeNull();
  });

  it('refuses a logo whose bytes do not match its name, an empty one and a path', () => {
    expect(checkLogo('logo.png', PNG)).toEqual({ type: 'image/png' });
    expect(checkLogo('logo.png', bytes(svg('')))).toHaveProperty('problem');
    expect(checkLogo('logo.svg', PNG)).toHaveProperty('problem');
    expect(checkLogo('logo.png', new Uint8Array())).toHaveProperty('problem');
    expect(checkLogo('../logo.png', PNG)).toHaveProperty('problem');
    expect(checkLogo('logo.html', PNG)).toHaveProperty('problem');
  });

  it('refuses a logo over 512 KB', () => {
    const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    expect(checkLogo('logo.png', big)).toHaveProperty('problem');
  });
});

describe('theme from a brand colour', () => {
  it('normalises #rgb and #rrggbb and refuses anything else', () => {
    expect(normaliseHex('#F80')).toBe('#ff8800');
    expect(normaliseHex(' #1D63C9 ')).toBe('#1d63c9');
    expect(normaliseHex('red')).toBeNull();
    expect(normaliseHex('#12345')).toBeNull();
  });

  it.each(['#ffd000', '#1d63c9', '#e1251b', '#ffffff', '#000000'])('keeps text readable for %s', (colour) => {
    const theme = deriveTheme(colour);
    expect(contrast(theme.header, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.sidebar, theme.sidebarText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.versionBg, theme.versionText)).toBeGreaterThanOrEqual(4.5);
  });
});
