import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryOptions } from './countries';

describe('country picker options', () => {
  it('holds all 249 ISO 3166-1 alpha-2 codes once', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it('names every code in English, sorted by name', () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(options.find((option) => option.value === 'DE')?.label).toBe('Germany');
    expect(options.find((option) => option.value === 'GB')?.label).toBe('United Kingdom');
    expect(options.every((option) => option.label !== option.value)).toBe(true);
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
