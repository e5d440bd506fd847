import { describe, expect, it } from 'vitest';
import { addressText } from './address.ts';

describe('addressText: an address in the order of the country it lies in', () => {
  it('writes a Chinese address from the province down, a municipality once', () => {
    const pudong = { province: '上海市', city: '上海市', district: '浦东新区', address: '张江路100号' };
    expect(addressText(pudong)).toBe('上海市 浦东新区 张江路100号');
    expect(addressText(pudong, { document: true })).toBe('上海市浦东新区张江路100号');
    expect(addressText({ province: '浙江省', city: '杭州市', district: '西湖区', address: '18 Wensan Road' })).toBe(
      '浙江省 杭州市 西湖区 18 Wensan Road',
    );
  });

  it('writes an Australian address from the street up: suburb and the state abbreviated', () => {
    const parramatta = {
      province: 'New South Wales',
      city: 'Sydney',
      district: 'Parramatta',
      address: '380 Church Street',
    };
    expect(addressText(parramatta)).toBe('380 Church Street, Parramatta NSW');
    expect(addressText(parramatta, { document: true })).toBe('380 Church Street, Parramatta NSW');
    expect(addressText({ province: 'VIC', city: 'Melbourne', district: '', address: '1 Collins Street' })).toBe(
      '1 Collins Street, Melbourne VIC',
    );
  });

  it('writes other addresses abroad from the street up, a city that is its state once', () => {
    expect(
      addressText({ province: 'Singapore', city: 'Singapore', district: 'Jurong East', address: '10 Toh Guan Road' }),
    ).toBe('10 Toh Guan Road, Jurong East, Singapore');
    expect(addressText({ province: 'Dubai', city: 'Dubai', district: 'Al Quoz', address: '45 Al Khail Road' })).toBe(
      '45 Al Khail Road, Al Quoz, Dubai',
    );
  });

  it('leaves out parts not given', () => {
    expect(addressText({ province: '', city: '', district: '', address: 'Century Avenue 88' })).toBe(
      'Century Avenue 88',
    );
    expect(addressText({ province: null, city: null, district: null, address: null })).toBe('');
  });
});
