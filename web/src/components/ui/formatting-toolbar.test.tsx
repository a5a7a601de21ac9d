import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CommentForm } from '../../features/community/components/comment-form.tsx';
import { formatEdit } from '../../lib/markdown-format.ts';

function Box({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <CommentForm label="Reactie" value={value} onChange={setValue} onSubmit={() => {}} />;
}

const box = () => screen.getByRole('textbox', { name: 'Reactie' }) as HTMLTextAreaElement;
const select = (start: number, end: number) => {
  box().focus();
  box().setSelectionRange(start, end);
};

describe('formatting shortcuts and toolbar in a text box', () => {
  it('Ctrl+B makes the selection bold and Ctrl+B again undoes it', async () => {
    const user = userEvent.setup();
    render(<Box initial="een vet woord" />);
    select(4, 7);
    await user.keyboard('{Control>}b{/Control}');
    expect(box().value).toBe('een **vet** woord');
    expect(box().value.slice(box().selectionStart, box().selectionEnd)).toBe('vet');
    await user.keyboard('{Control>}b{/Control}');
    expect(box().value).toBe('een vet woord');
  });

  it('Cmd+I makes it italic; Ctrl+K makes a link with the address selected to type over', async () => {
    const user = userEvent.setup();
    render(<Box initial="zie de site" />);
    select(7, 11);
    await user.keyboard('{Meta>}i{/Meta}');
    expect(box().value).toBe('zie de _site_');
    select(0, 3);
    await user.keyboard('{Control>}k{/Control}');
    expect(box().value).toBe('[zie](https://) de _site_');
    expect(box().value.slice(box().selectionStart, box().selectionEnd)).toBe('https://');
    await user.keyboard('kring.nl');
    expect(box().value).toBe('[zie](kring.nl) de _site_');
  });

  it('without a selection, Ctrl+B leaves the caret between the markers to type in', async () => {
    const user = userEvent.setup();
    render(<Box initial="" />);
    box().focus();
    await user.keyboard('{Control>}b{/Control}vet');
    expect(box().value).toBe('**vet**');
  });

  it('the toolbar buttons (Dutch names) make a list and a quote of the selected lines', async () => {
    const user = userEvent.setup();
    render(<Box initial={'eerste\ntweede'} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Opmaak' });
    expect(toolbar.getAttribute('aria-controls')).toBe(box().id);
    select(0, 13);
    await user.click(screen.getByRole('button', { name: 'Lijst' }));
    expect(box().value).toBe('- eerste\n- tweede');
    select(0, box().value.length);
    await user.click(screen.getByRole('button', { name: 'Citaat' }));
    expect(box().value).toBe('> - eerste\n> - tweede');
    expect(screen.getByRole('button', { name: 'Vet' }).getAttribute('aria-keyshortcuts')).toMatch(/\+B$/);
  });

  it("'Lijst' on an empty line puts the caret after '- ', so the member types the item", async () => {
    const user = userEvent.setup();
    render(<Box initial={'Vooraf\n\n'} />);
    select(8, 8);
    await user.click(screen.getByRole('button', { name: 'Lijst' }));
    await user.keyboard('eerste');
    expect(box().value).toBe('Vooraf\n\n- eerste');
  });

  it('is one tab stop with arrow keys between the buttons', async () => {
    const user = userEvent.setup();
    render(<Box />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Vet' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cursief' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Code' }));
    await user.tab();
    expect(document.activeElement).toBe(box());
  });
});

describe('formatEdit', () => {
  it('keeps spaces outside the markers, fences multi-line code, turns a selected address into a link', () => {
    const apply = (v: string, s: number, e: number, k: Parameters<typeof formatEdit>[3]) => {
      const edit = formatEdit(v, s, e, k);
      return v.slice(0, edit.from) + edit.insert + v.slice(edit.to);
    };
    expect(apply('a vet b', 1, 5, 'bold')).toBe('a **vet** b');
    expect(apply('x\ny', 0, 3, 'code')).toBe('```\nx\ny\n```');
    expect(apply('https://kring.nl', 0, 16, 'link')).toBe('[](https://kring.nl)');
    expect(apply('tekst\nregel', 6, 6, 'quote')).toBe('tekst\n\n> regel');
  });
});
