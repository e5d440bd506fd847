import { describe, expect, it } from 'vitest';
import { phoneText } from './phone.ts';

describe('phoneText: a number as its country writes it', () => {
  it('writes an Australian number with its trunk 0 for an Australian reader', () => {
    expect(phoneText({ areaCode: '61', number: '412345678' }, '61')).toBe('0412 345 678');
    expect(phoneText({ areaCode: '61', number: '296331234' }, '61')).toBe('(02) 9633 1234');
    // An organisation's contact is kept without its code and as typed, trunk 0 and spaces included.
    expect(phoneText({ areaCode: '', number: '0412345678' }, '61')).toBe('0412 345 678');
    expect(phoneText({ areaCode: '', number: '02 9633 1234' }, '61')).toBe('(02) 9633 1234');
    expect(phoneText({ areaCode: '61', number: '1300123456' }, '61')).toBe('1300123456');
  });

  it('writes an Australian number with +61 and without the trunk 0 for anyone else', () => {
    expect(phoneText({ areaCode: '61', number: '412345678' })).toBe('+61 412 345 678');
    expect(phoneText({ areaCode: '61', number: '0412345678' }, '86')).toBe('+61 412 345 678');
    expect(phoneText({ areaCode: '61', number: '296331234' })).toBe('+61 2 9633 1234');
  });

  it('keeps mainland numbers as they are: bare at home, after +86 elsewhere', () => {
    expect(phoneText({ areaCode: '86', number: '13812345678' }, '86')).toBe('13812345678');
    expect(phoneText({ areaCode: '86', number: '13812345678' })).toBe('+86 13812345678');
    expect(phoneText({ areaCode: '86', number: '13812345678' }, '61')).toBe('+86 13812345678');
    expect(phoneText({ areaCode: '', number: '13812345678' })).toBe('13812345678');
  });

  it('writes other countries as typed after their code, and nothing for no number', () => {
    expect(phoneText({ areaCode: '65', number: '61234567' }, '61')).toBe('+65 61234567');
    expect(phoneText({ areaCode: '61', number: '' }, '61')).toBe('');
  });
});
