import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart, euro, HistoryTable, number } from './overview-chart.tsx';

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  at: new Date(Date.UTC(2026, i + 1, 1)).toISOString(),
  payingMembers: i * 3,
  mrrCents: i * 123_456,
}));

describe('the overview chart', () => {
  it('is one labelled image with whole-number axis steps and a bar per month', () => {
    const { container } = render(
      <BarChart
        title="Betalende leden"
        label="Betalende leden per maand"
        months={months}
        value={(m) => m.payingMembers}
        format={number}
      />,
    );
    expect(screen.getByRole('img', { name: 'Betalende leden per maand' })).toBeTruthy();
    // Largest value 33: steps of 10 (four steps reach 40), never 8,25.
    const labels = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels.slice(0, 5)).toEqual(['0', '10', '20', '30', '40']);
    expect(container.querySelectorAll('rect')).toHaveLength(12);
    expect(container.querySelector('rect title')?.textContent).toBe('januari 2026: 0');
  });

  it('has the exact figures in a table behind "Als tabel", the running month marked', async () => {
    render(<HistoryTable months={months} />);
    await userEvent.click(screen.getByText('Als tabel'));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[11]?.textContent).toBe(`december 2026 (tot nu)${number(33)}${euro(1_358_016)}`);
    expect(euro(1_358_016)).toBe('€\u00a013.580,16');
  });
});
