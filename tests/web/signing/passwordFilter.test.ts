import { describe, expect, it } from 'vitest';
import { stripPasswordChars } from '../../../src/web/pages/auth/passwordFilter';

describe('password input filter', () => {
  it('keeps Latin letters, digits and every special character of the spec', () => {
    const allowed = `Abc123!@#$%^&*()_+-=\\[]{};':"|,.<>/?`;
    expect(stripPasswordChars(allowed)).toBe(allowed);
  });

  it('drops anything else as the user types', () => {
    expect(stripPasswordChars('Пароль pass word~`№€1')).toBe('password1');
    expect(stripPasswordChars('tab\tnew\nline')).toBe('tabnewline');
  });
});
