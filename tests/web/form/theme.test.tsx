import type { RJSFSchema } from '@rjsf/utils';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { DocumentForm } from '../../../src/web/form/DocumentForm';
import { Markdown, renderInlineMarkdown } from '../../../src/web/form/markdown';

describe('markdown stand-in (RJSF messages)', () => {
  it('renders inline code, emphasis and strong, and never raw HTML', () => {
    const { container } = render(
      <Markdown>{'Unsupported field schema for field `root_X`: _no type_ in **a.json** <b>x</b>'}</Markdown>,
    );
    expect(container.querySelector('code')?.textContent).toBe('root_X');
    expect(container.querySelector('em')?.textContent).toBe('no type');
    expect(container.querySelector('strong')?.textContent).toBe('a.json');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>x</b>');
    expect(renderInlineMarkdown('plain')).toEqual(['plain']);
  });
});

describe('number field', () => {
  it('keeps a trailing decimal point or zero while typed in a plain text input and stores the number', async () => {
    const schema: RJSFSchema = { type: 'object', properties: { N: { type: 'number', title: 'N' } } };
    const onChange = vi.fn<(data: unknown) => void>();
    render(
      <DocumentForm
        schema={schema}
        uiSchema={{ N: { 'ui:widget': 'text' } }}
        mode="create"
        onChange={onChange}
      />,
    );
    const input = document.getElementById('root_N') as HTMLInputElement;
    await userEvent.type(input, '1.50');
    expect(input.value).toBe('1.50');
    expect((onChange.mock.calls.at(-1)?.[0] as { N?: unknown } | undefined)?.N).toBe(1.5);
  });
});

describe('form texts', () => {
  it('are read once per form and follow a language change', async () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { T: { type: 'integer', title: 'forms:invoice.FacturaType', enum: [0, 1] } },
    };
    render(<DocumentForm schema={schema} uiSchema={{}} mode="create" />);
    expect(screen.getByLabelText('Тип счёта-фактуры')).toBeInTheDocument();
    try {
      await act(() => i18next.changeLanguage('en'));
      expect(screen.getByLabelText('Invoice type')).toBeInTheDocument();
      expect(screen.getByRole('option', { name: '— choose —' })).toBeInTheDocument();
    } finally {
      await act(() => i18next.changeLanguage('ru'));
    }
  });
});

describe('section descriptions', () => {
  it('show i18n keys as text in the language, never a schema’s developer notes', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        A: {
          type: 'object',
          description: 'Notes for analysts (uz-edi.md §b.1).',
          properties: { X: { type: 'string' } },
        },
        B: {
          type: 'object',
          description: 'forms:invoice.FacturaType',
          properties: { Y: { type: 'string' } },
        },
      },
    };
    render(<DocumentForm schema={schema} uiSchema={{}} mode="create" />);
    expect(screen.queryByText(/Notes for analysts/)).toBeNull();
    expect(screen.getByText('Тип счёта-фактуры')).toBeInTheDocument();
  });
});
