import { describe, expect, it, vi } from 'vitest';
import { resolveLocale } from './locale';

const SUPPORTED = ['en', 'pt-BR', 'es'] as const;

describe('resolveLocale', () => {
  it.each(['en', 'pt-BR', 'es'])('an exact match %s is kept', (tag) => {
    expect(resolveLocale(tag, SUPPORTED)).toBe(tag);
  });

  it.each([
    ['PT-br', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['EN', 'en'],
    ['ES', 'es'],
  ])('matches %s case-insensitively → %s', (requested, expected) => {
    expect(resolveLocale(requested, SUPPORTED)).toBe(expected);
  });

  it.each([
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt_BR', 'pt-BR'],
    ['es-MX', 'es'],
    ['es-419', 'es'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
  ])('falls back by language: %s → %s', (requested, expected) => {
    expect(resolveLocale(requested, SUPPORTED)).toBe(expected);
  });

  it('trims the requested tag', () => {
    expect(resolveLocale('  es  ', SUPPORTED)).toBe('es');
  });

  it.each(['fr', 'de-DE', 'zz', '', 'p', 'eng'])(
    'an unknown tag %j → the first supported',
    (tag) => {
      expect(resolveLocale(tag, SUPPORTED)).toBe('en');
      expect(resolveLocale(tag, ['es', 'en'] as const)).toBe('es');
    },
  );

  it('prefers an exact match over an earlier tag of the same language', () => {
    expect(resolveLocale('pt-BR', ['en', 'pt-PT', 'pt-BR'] as const)).toBe('pt-BR');
    expect(resolveLocale('pt-PT', ['en', 'pt-BR', 'pt-PT'] as const)).toBe('pt-PT');
  });

  it('does not match a language by prefix of a longer one', () => {
    // 'e' is not 'en' or 'es'.
    expect(resolveLocale('e', ['es', 'en'] as const)).toBe('es');
    expect(resolveLocale('esp', ['en', 'es'] as const)).toBe('en');
  });

  it('uses navigator.language when no tag is given', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-AR');
    expect(resolveLocale(undefined, SUPPORTED)).toBe('es');
  });

  it('uses navigator.language exactly when it is supported', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');
    expect(resolveLocale(undefined, SUPPORTED)).toBe('pt-BR');
  });

  it('an explicit tag wins over navigator.language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');
    expect(resolveLocale('es', SUPPORTED)).toBe('es');
  });
});
