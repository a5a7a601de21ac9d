import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const renderMarkdown = (source: string) =>
  render(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );

describe('Markdown', () => {
  it('renders headings with anchor ids, lists, emphasis and links', () => {
    renderMarkdown(
      '## Algemene voorwaarden\n\nEen **vet** en *schuin* woord.\n\n- een\n- twee\n\n[Over ons](/over-ons) en [mail](mailto:a@b.nl)',
    );
    expect(screen.getByRole('heading', { name: 'Algemene voorwaarden' }).id).toBe('algemene-voorwaarden');
    expect(screen.getByText('vet').tagName).toBe('STRONG');
    expect(screen.getByText('schuin').tagName).toBe('EM');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Over ons' }).getAttribute('href')).toBe('/over-ons');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@b.nl');
  });

  it('never turns CMS text into markup or script links', () => {
    const { container } = renderMarkdown('<img src=x onerror=alert(1)> [klik](javascript:alert(1))');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it("starts the text's headings at h2 under the page title, without skipping a level", () => {
    renderMarkdown('### Eerst\n\nTekst\n\n#### Daarna\n\n### Weer');
    expect(screen.getByRole('heading', { name: 'Eerst' }).tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Daarna' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Weer' }).tagName).toBe('H2');
  });
});
