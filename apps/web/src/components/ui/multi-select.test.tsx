import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MultiSelect, type MultiSelectOption } from './multi-select';

const countries: MultiSelectOption<string>[] = [
  { value: 'France', label: 'France' },
  { value: 'Japan', label: 'Japan' },
  { value: 'Switzerland', label: 'Switzerland', hint: 'Genève, Zürich' },
];

function Countries({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <MultiSelect label="Pays" options={countries} value={value} onChange={setValue} />
      <output aria-label="chosen">{value.join('|')}</output>
      <button type="button">After</button>
    </>
  );
}

const chosen = () => screen.getByRole('status', { name: 'chosen' }).textContent;
const trigger = () => screen.getByRole('button', { name: /^Pays/ });

describe('MultiSelect', () => {
  it('names its button with the label and what is chosen', () => {
    render(<Countries initial={['Japan', 'France']} />);

    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    // Shown in the order of the options; read out in full.
    expect(trigger().textContent).toContain('France +1');
    expect(screen.getByRole('button', { name: 'Pays France, Japan' })).toBe(trigger());
  });

  it('opens from the keyboard, searches, and ticks with Enter', async () => {
    const user = userEvent.setup();
    render(<Countries />);
    trigger().focus();

    await user.keyboard('{ArrowDown}');

    const search = screen.getByRole('combobox', { name: 'Rechercher : Pays' });
    expect(document.activeElement).toBe(search);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Pays' });
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    expect(within(list).getAllByRole('option')).toHaveLength(4);

    // Accents and case aside, and the hint counts: “zurich” finds Switzerland.
    await user.type(search, 'zurich');
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Tout sélectionner',
      'SwitzerlandGenève, Zürich',
    ]);
    expect(search.getAttribute('aria-activedescendant')).toBe(options[1]!.id);

    await user.keyboard('{Enter}');
    expect(chosen()).toBe('Switzerland');
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
  });

  it('moves with the arrows, Home and End, and ticks “select all”', async () => {
    const user = userEvent.setup();
    render(<Countries />);
    await user.click(trigger());
    const search = screen.getByRole('combobox', { name: 'Rechercher : Pays' });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(search.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{End}');
    expect(search.getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(chosen()).toBe('Japan');
    await user.keyboard('{Home}{Enter}');
    expect(chosen()).toBe('Japan|France|Switzerland');
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('');
  });

  it('“select all” ticks only what the search shows', async () => {
    const user = userEvent.setup();
    render(<Countries />);
    await user.click(trigger());

    await user.type(screen.getByRole('combobox'), 'fra');
    await user.click(screen.getByRole('option', { name: 'Tout sélectionner' }));

    expect(chosen()).toBe('France');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    render(<Countries />);
    await user.click(trigger());

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when focus leaves it, and clears what is chosen', async () => {
    const user = userEvent.setup();
    render(<Countries initial={['France']} />);
    await user.click(trigger());

    await user.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(chosen()).toBe('');
    await user.tab();
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.tab();

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says when the search finds nothing', async () => {
    const user = userEvent.setup();
    render(<Countries />);
    await user.click(trigger());

    await user.type(screen.getByRole('combobox'), 'xyz');

    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Aucun résultat');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
