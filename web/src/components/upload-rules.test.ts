import { describe, expect, it } from 'vitest';
import { checkFile, claimedType, needsCompression, smaller } from './upload-rules.ts';

const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('upload rules', () => {
  it('takes jpg and png images only, by name and declared type', () => {
    expect(claimedType(file('a.JPEG', 1, 'image/jpeg'))).toBe('jpg');
    expect(claimedType(file('a.png', 1, 'image/png'))).toBe('png');
    expect(claimedType(file('a.png', 1, 'image/gif'))).toBeNull();
    expect(checkFile('photo', file('a.gif', 10, 'image/gif'), 0, 10)).toEqual({ key: 'upload.imageType' });
    expect(checkFile('photo', file('a.pdf', 10, 'application/pdf'), 0, 10)).toEqual({ key: 'upload.imageType' });
  });

  it('keeps photos to 500kb each and 10 in all', () => {
    expect(checkFile('photo', file('a.jpg', 500 * 1024), 9, 10)).toBeNull();
    expect(checkFile('photo', file('a.jpg', 500 * 1024 + 1), 0, 10)).toEqual({ key: 'upload.imageTooLarge500k' });
    expect(checkFile('photo', file('a.jpg', 10), 10, 10)).toEqual({ key: 'upload.tooMany', params: { max: 10 } });
  });

  it('refuses general images over 2 MB (2097152 bytes) with the "under 2M" message', () => {
    expect(checkFile('image', file('a.png', 2097152), 0, 1)).toBeNull();
    expect(checkFile('image', file('a.png', 2097153), 0, 1)).toEqual({ key: 'upload.imageTooLarge' });
  });

  it('compresses general images over 1 MB only, keeping the smaller result', () => {
    expect(needsCompression('image', 1024 * 1024)).toBe(false);
    expect(needsCompression('image', 1024 * 1024 + 1)).toBe(true);
    expect(needsCompression('photo', 3 * 1024 * 1024)).toBe(false);
    expect(smaller({ size: 10, id: 'a' }, { size: 12, id: 'b' }).id).toBe('a');
    expect(smaller({ size: 10, id: 'a' }, { size: 3, id: 'b' }).id).toBe('b');
    expect(smaller({ size: 10, id: 'a' }, null).id).toBe('a');
  });

  it('takes pdf only, 5M each, one or ten files', () => {
    expect(checkFile('pdf', file('c.pdf', 5 * 1024 * 1024, 'application/pdf'), 0, 1)).toBeNull();
    expect(checkFile('pdf', file('c.pdf', 5 * 1024 * 1024 + 1), 0, 1)).toEqual({ key: 'upload.pdfTooLarge' });
    expect(checkFile('pdf', file('c.docx', 10), 0, 1)).toEqual({ key: 'upload.pdfOnly' });
    expect(checkFile('pdf', file('c.pdf', 10), 1, 1)).toEqual({ key: 'upload.tooMany', params: { max: 1 } });
  });
});
