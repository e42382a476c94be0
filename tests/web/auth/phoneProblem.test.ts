import { describe, expect, it } from 'vitest';
import { phoneProblem } from '../../../src/web/pages/auth/registrationRules';

describe('registration phone', () => {
  it('says what is wrong with the number (the phoneNumberReason texts)', () => {
    expect(phoneProblem('')).toEqual({ key: 'validation:required' });
    expect(phoneProblem('90')).toEqual({ key: 'validation:string.phoneNumberReason.TOO_SHORT' });
    expect(phoneProblem('001234567')).toEqual({ key: 'validation:string.phoneNumberReason.INVALID' });
    expect(phoneProblem('901234567')).toBeNull();
  });
});
