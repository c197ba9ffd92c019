import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanPage,
  fillCard,
  type MountedUi,
  mountPublic,
  noticeText,
  payButton,
  type,
} from '../test-support/checkout-ui';

afterEach(() => {
  cleanPage();
  vi.useRealTimers();
});

const FIELDS = [
  ['Card number', 'number', 'cc-number', 'numeric'],
  ['Name on card', 'name', 'cc-name', null],
  ['Expiry month', 'month', 'cc-exp-month', 'numeric'],
  ['Expiry year', 'year', 'cc-exp-year', 'numeric'],
  ['Security code', 'cvv', 'cc-csc', 'numeric'],
] as const;

/** The error text shown beside a field: the element its aria-describedby points at first. */
function errorOf(m: MountedUi, name: string): string {
  const input = m.root.querySelector(`input[name="${name}"]`);
  const id = input?.getAttribute('aria-describedby')?.split(' ')[0];
  return (id && m.root.querySelector(`#${id}`)?.textContent) || '';
}

const invalid = (m: MountedUi, name: string) =>
  m.root.querySelector(`input[name="${name}"]`)?.getAttribute('aria-invalid');

describe('card form: fields', () => {
  it.each(FIELDS)('"%s" is a visible label of the %s input', (label, name, autocomplete, mode) => {
    const { ui, root } = mountPublic();
    const input = ui.getByLabelText(label);
    expect(input).toBe(root.querySelector(`input[name="${name}"]`));
    expect(input.getAttribute('autocomplete')).toBe(autocomplete);
    expect(input.getAttribute('inputmode')).toBe(mode);
    expect(root.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(label);
  });

  it('formats the number as it is typed and shows the brand', () => {
    const { root } = mountPublic();
    const brand = () => root.querySelector('.brand')?.textContent;
    expect(type(root, 'number', '4111111111111111', false).value).toBe('4111 1111 1111 1111');
    expect(brand()).toBe('Visa');
    expect(type(root, 'number', '378282246310005', false).value).toBe('3782 822463 10005');
    expect(brand()).toBe('American Express');
    expect(type(root, 'number', '6362970000457013', false).value).toBe('6362 9700 0045 7013');
    expect(brand()).toBe('Elo');
    expect(type(root, 'number', '5555-5555 5555-4444', false).value).toBe('5555 5555 5555 4444');
    expect(brand()).toBe('Mastercard');
    expect(type(root, 'number', '', false).value).toBe('');
    expect(brand()).toBe('');
  });

  it('cuts the number at the longest length of its brand', () => {
    const { root } = mountPublic();
    expect(type(root, 'number', '3782822463100059999', false).value).toBe('3782 822463 10005');
  });

  it('keeps only digits in month, year and security code', () => {
    const { root } = mountPublic();
    expect(type(root, 'month', '1a', false).value).toBe('1');
    expect(type(root, 'year', '2x0', false).value).toBe('20');
    expect(type(root, 'cvv', '1 2-3', false).value).toBe('123');
  });
});

describe('card form: validation rules', () => {
  it.each([
    ['number', '', 'This field is required.'],
    ['number', '4111 1111 1111 1112', 'Enter a valid card number.'], // Luhn
    ['number', '41111111111114', 'Enter a valid card number.'], // Luhn-valid, 14 digits: not Visa
    ['number', '555555555555442', 'Enter a valid card number.'], // Luhn-valid, 15: not Mastercard
    ['number', '41111', 'Enter a valid card number.'],
    ['name', '', 'This field is required.'],
    ['name', '   ', 'This field is required.'],
    ['month', '', 'This field is required.'],
    ['month', '13', 'Enter a month from 01 to 12.'],
    ['month', '00', 'Enter a month from 01 to 12.'],
    ['month', '0', 'Enter a month from 01 to 12.'],
    ['year', '', 'This field is required.'],
    ['year', '2', 'Enter the year as shown on the card.'],
    ['year', '209', 'Enter the year as shown on the card.'],
    ['year', '1999', 'Enter the year as shown on the card.'],
    ['cvv', '', 'This field is required.'],
    ['cvv', '12', 'Enter the 3-digit security code.'],
    ['cvv', '1234', 'Enter the 3-digit security code.'], // Visa: 3
  ])('%s %o → "%s", and nothing is sent', (name, value, message) => {
    const m = mountPublic();
    fillCard(m.root, { [name]: value });
    expect(errorOf(m, name)).toBe(message);
    expect(invalid(m, name)).toBe('true');
    fireEvent.click(payButton(m.root));
    expect(noticeText(m.root)).toBe('Check the highlighted fields.');
    expect(m.authenticate).not.toHaveBeenCalled();
    expect(m.options.onCharge).not.toHaveBeenCalled();
  });

  it.each([
    ['4222222222222', '123'], // Visa, 13 digits
    ['4111111111111111110', '123'], // Visa, 19 digits
    ['378282246310005', '1234'], // Amex: 4
    ['30569309025904', '123'], // Diners, 14 digits
  ])('accepts %s with security code %s', async (number, cvv) => {
    const m = mountPublic();
    fillCard(m.root, { number, cvv });
    expect(m.root.querySelectorAll('[aria-invalid=true]')).toHaveLength(0);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.authenticate).toHaveBeenCalledOnce());
  });

  it('asks American Express for a 4-digit security code', () => {
    const m = mountPublic();
    fillCard(m.root, { number: '378282246310005', cvv: '123' });
    expect(errorOf(m, 'cvv')).toBe('Enter the 4-digit security code.');
    type(m.root, 'number', '4111111111111111');
    expect(errorOf(m, 'cvv')).toBe('');
  });

  it('pads a single-digit month when the shopper leaves the field', () => {
    const { root } = mountPublic();
    const month = type(root, 'month', '7', false);
    expect(month.value).toBe('7');
    fireEvent.blur(month);
    expect(month.value).toBe('07');
    expect(month.getAttribute('aria-invalid')).toBe('false');
  });

  it('reads YY as 20YY and takes YYYY as it is', async () => {
    const m = mountPublic();
    fillCard(m.root, { month: '3', year: '31' });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.authenticate).toHaveBeenCalledOnce());
    expect(m.authenticate.mock.calls[0]?.[0].card).toMatchObject({
      expirationMonth: '03',
      expirationYear: '2031',
    });
  });

  it('refuses a card that expired last month and takes one that expires this month', () => {
    vi.setSystemTime(new Date(2030, 5, 15)); // 15 June 2030
    const m = mountPublic();
    fillCard(m.root, { month: '05', year: '30' });
    expect(errorOf(m, 'year')).toBe('This card has expired.');
    expect(invalid(m, 'year')).toBe('true');
    fireEvent.click(payButton(m.root));
    expect(m.authenticate).not.toHaveBeenCalled();
    type(m.root, 'month', '06');
    expect(errorOf(m, 'year')).toBe('');
    type(m.root, 'year', '2029');
    expect(errorOf(m, 'year')).toBe('This card has expired.');
  });
});

describe('card form: how errors are shown', () => {
  it('shows an error only once the field is left', () => {
    const m = mountPublic();
    const number = type(m.root, 'number', '4111 1111 1111 1112', false);
    expect(errorOf(m, 'number')).toBe('');
    expect(number.getAttribute('aria-invalid')).toBe('false');
    fireEvent.blur(number);
    expect(errorOf(m, 'number')).toBe('Enter a valid card number.');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    // The fields not visited yet stay quiet.
    expect(errorOf(m, 'name')).toBe('');
    expect(invalid(m, 'name')).toBe('false');
  });

  it('points aria-describedby at the error text beside the field', () => {
    const m = mountPublic();
    fireEvent.blur(m.ui.getByLabelText('Name on card'));
    const input = m.ui.getByLabelText('Name on card');
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const texts = ids.map((id) => m.root.querySelector(`#${id}`)?.textContent);
    expect(texts).toContain('This field is required.');
    const error = m.root.querySelector(`#${ids[0]}`);
    expect(error?.parentElement).toBe(input.parentElement); // beside the field
  });

  it('the number also describes itself by the brand', () => {
    const m = mountPublic();
    type(m.root, 'number', '4111111111111111');
    const ids = m.ui.getByLabelText('Card number').getAttribute('aria-describedby')?.split(' ');
    expect(ids?.map((id) => m.root.querySelector(`#${id}`)?.textContent)).toEqual(['', 'Visa']);
  });

  it('on submit shows every error, says so in the live region and focuses the first one', () => {
    const m = mountPublic();
    type(m.root, 'number', '4111111111111111');
    fireEvent.click(payButton(m.root));
    expect(m.root.querySelectorAll('[aria-invalid=true]')).toHaveLength(4);
    expect(['name', 'month', 'year', 'cvv'].map((name) => errorOf(m, name))).toEqual([
      'This field is required.',
      'This field is required.',
      'This field is required.',
      'This field is required.',
    ]);
    const live = m.root.querySelector('[role=status]');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(live?.textContent).toBe('Check the highlighted fields.');
    expect(m.root.activeElement).toBe(m.ui.getByLabelText('Name on card'));
    expect(m.authenticate).not.toHaveBeenCalled();
    expect(m.options.onCharge).not.toHaveBeenCalled();
  });

  it('focuses the number first when every field is empty', () => {
    const m = mountPublic();
    fireEvent.click(payButton(m.root));
    expect(m.root.activeElement).toBe(m.ui.getByLabelText('Card number'));
  });

  it('clears an error as soon as the field is fixed', () => {
    const m = mountPublic();
    fillCard(m.root, { cvv: '1' });
    expect(invalid(m, 'cvv')).toBe('true');
    type(m.root, 'cvv', '123', false);
    expect(invalid(m, 'cvv')).toBe('false');
    expect(errorOf(m, 'cvv')).toBe('');
  });
});
