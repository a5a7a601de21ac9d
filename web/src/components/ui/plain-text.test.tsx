import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlainText } from './plain-text.tsx';

describe('PlainText', () => {
  it('keeps paragraphs and line breaks', () => {
    const { container } = render(<PlainText text={'Eerste regel\ntweede regel\n\n\nNieuwe alinea'} />);
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.textContent).toBe('Eerste regel\ntweede regel');
    expect(paragraphs[1]?.textContent).toBe('Nieuwe alinea');
  });

  it('turns web addresses into links members cannot use to rank or reach the page', () => {
    const { getByRole } = render(
      <PlainText text="Zie https://example.nl/tarieven, en www.kring.nl. Of kring.nl" />,
    );
    const link = getByRole('link', { name: 'https://example.nl/tarieven' });
    expect(link.getAttribute('href')).toBe('https://example.nl/tarieven');
    expect(link.getAttribute('rel')).toContain('nofollow');
    expect(link.getAttribute('rel')).toContain('ugc');
    expect(link.getAttribute('rel')).toContain('noopener');
    // An address that starts with www gets a link too; the trailing full stop stays text.
    expect(getByRole('link', { name: 'www.kring.nl' }).getAttribute('href')).toBe('http://www.kring.nl');
    expect(getByRole('link', { name: 'kring.nl' }).getAttribute('href')).toBe('http://kring.nl');
  });

  it('never interprets HTML or script addresses', () => {
    const { container, queryByRole } = render(
      <PlainText text={'<img src=x onerror=alert(1)> <b>vet</b> javascript:alert(1)'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)> <b>vet</b>');
    expect(queryByRole('link')).toBeNull();
  });
});
