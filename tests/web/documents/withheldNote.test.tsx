// A person without the right to answer a document its organisation is awaited on is told why and
// who can grant it (issue 26: a chief accountant signed in as a viewer saw no buttons and no word).
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { afterEach, expect, it } from 'vitest';
import { WithheldNote } from '../../../src/web/documents/view/WithheldNote';

afterEach(async () => {
  await act(() => i18next.changeLanguage('ru'));
});

const withheld = { rights: ['accept'], grantors: ['Karimov Anvar (demo)', 'Xolmatova Dilnoza (demo)'] };

it.each([
  ['ru', /нет права «Принятие и отказ» для документов вида «Счёт-фактура»/, /владелец или администратор/],
  ['uz', /«Qabul qilish va rad etish» huquqi yoʻq/, /egasi yoki administratori/],
  ['en', /does not have the right “Accept and reject”/, /owner or an administrator/],
])('%s: the missing right, the kind and who can grant it, by name', async (lang, why, who) => {
  await act(() => i18next.changeLanguage(lang));
  render(<WithheldNote document={{ kind: 'invoice', withheld }} />);
  const note = screen.getByRole('note');
  expect(note.textContent).toMatch(why);
  expect(note.textContent).toMatch(who);
  expect(note.textContent).toContain('Karimov Anvar (demo), Xolmatova Dilnoza (demo)');
});

it('says nothing when nothing is withheld', () => {
  const { container } = render(<WithheldNote document={{ kind: 'invoice', withheld: null }} />);
  expect(container.textContent).toBe('');
});
