import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, storedLocale } from '../../src/web/i18n';
import { LanguageSwitch } from '../../src/web/layouts/LanguageSwitch';

// Spec: the chosen language is kept in localStorage under `user-locale` and read back at start.

afterEach(async () => {
  await changeLocale('ru');
});

describe('the chosen locale', () => {
  it('is saved under user-locale when picked in the switch, and sets <html lang>', async () => {
    const user = userEvent.setup();
    render(<LanguageSwitch />);
    await user.selectOptions(screen.getByRole('combobox'), 'uz');
    expect(localStorage.getItem('user-locale')).toBe('uz');
    await waitFor(() => expect(i18next.language).toBe('uz'));
    expect(document.documentElement.lang).toBe('uz');
  });

  it('is read back from user-locale at start, and an unknown value falls back to ru', () => {
    localStorage.setItem('user-locale', 'en');
    expect(storedLocale()).toBe('en');
    localStorage.setItem('user-locale', 'de');
    expect(storedLocale()).toBe('ru');
  });
});
