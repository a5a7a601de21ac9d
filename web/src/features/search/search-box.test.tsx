import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderWithProviders } from '../../test/render.tsx';
import { SearchBox } from './search-box.tsx';

describe('SearchBox', () => {
  it('opens /community/zoeken with the trimmed query on Enter, and not for fewer than 2 characters', async () => {
    renderWithProviders(
      <>
        <SearchBox compact />
        <LocationProbe />
      </>,
      '/community/tijdlijn',
    );
    const box = screen.getByRole('searchbox', { name: 'Zoek in de community' });
    await userEvent.type(box, ' a {Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/community/tijdlijn');
    await userEvent.clear(box);
    await userEvent.type(box, '  tarieven 2027 {Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/community/zoeken?q=tarieven%202027');
  });
});
